package openai

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func intp(i int) *int { return &i }

// FuzzAccumulator splits arguments into arbitrary fragments: whatever the
// split, the call is assembled whole and nothing is lost or panics.
func FuzzAccumulator(f *testing.F) {
	f.Add(`{"path":"a.txt","n":3}`, uint8(3), true)
	f.Add(`{}`, uint8(1), false)
	f.Add(`not json`, uint8(2), true)
	f.Fuzz(func(t *testing.T, args string, step uint8, repeatName bool) {
		if !utf8.ValidString(args) {
			return // JSON strings on the wire are UTF-8
		}
		n := int(step%16) + 1
		var acc Accumulator
		runes := []rune(args)
		for i := 0; i < len(runes) || i == 0; i += n {
			var d callDelta
			d.Index = intp(0)
			if i == 0 {
				d.ID = "call_1"
			}
			if i == 0 || repeatName {
				d.Function.Name = "read_file"
			}
			frag := string(runes[i:min(i+n, len(runes))])
			d.Function.Arguments, _ = json.Marshal(frag)
			acc.Add(d)
		}
		calls := acc.Calls()
		if len(args) > 0 && strings.TrimSpace(args) != "" && len(calls) == 0 {
			t.Fatal("call lost")
		}
		// Every byte of the arguments ends up in exactly one call.
		var total strings.Builder
		for _, c := range calls {
			if c.Name != "read_file" {
				t.Fatalf("name = %q", c.Name)
			}
			if !json.Valid(c.Args) {
				t.Fatalf("args not valid JSON: %q", c.Args)
			}
			if c.RawArgs != "" {
				total.WriteString(c.RawArgs)
			} else if string(c.Args) != "{}" || strings.TrimSpace(args) == "{}" {
				total.WriteString(string(c.Args))
			}
		}
		if len(calls) == 1 && calls[0].RawArgs == "" && strings.TrimSpace(args) != "" {
			var a, b any
			if json.Unmarshal(calls[0].Args, &a) != nil || json.Unmarshal([]byte(args), &b) != nil {
				t.Fatalf("args %q became %q", args, calls[0].Args)
			}
		}
		if len(calls) == 1 && calls[0].RawArgs != "" && calls[0].RawArgs != args {
			t.Fatalf("raw args %q, want %q", calls[0].RawArgs, args)
		}
	})
}
