package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/app/cli"
)

// A bare usage error attaches the console once, before its first byte, and
// writes to the stream attaching set up.
func TestUsageErrorAttachesTheConsoleFirst(t *testing.T) {
	tests := []struct {
		name        string
		args        []string
		wantAttach  int
		wantMessage string
	}{
		{"unknown command", []string{"nonsense"}, 1, `unknown command "nonsense"`},
		{"two arguments", []string{"a", "b"}, 1, "unexpected arguments"},
		{"no arguments opens the window", nil, 0, ""},
		{"a folder opens the window", []string{t.TempDir()}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, console bytes.Buffer
			out := io.Writer(&before)
			attached := 0
			env := cli.OSEnv("test")
			env.Stderr = &attachOnWrite{
				attach: func() { attached++; out = &console },
				out:    func() io.Writer { return out },
			}
			_, code, ok := cli.Desktop(env, tc.args, false)
			if attached != tc.wantAttach {
				t.Fatalf("console attached %d times, want %d", attached, tc.wantAttach)
			}
			if before.Len() != 0 {
				t.Fatalf("written before attaching: %q", before.String())
			}
			if tc.wantMessage == "" {
				if !ok || console.Len() != 0 {
					t.Fatalf("ok %v, code %d, printed %q", ok, code, console.String())
				}
				return
			}
			if ok || code != cli.ExitUsage || !strings.Contains(console.String(), tc.wantMessage) || !strings.Contains(console.String(), "Usage") {
				t.Fatalf("ok %v, code %d, printed %q", ok, code, console.String())
			}
		})
	}
}
