package defs

import (
	"strings"
	"testing"
)

// At reads one line as Each reads it in the whole text: the line above,
// the Go block and the type body around it count.
func TestAt(t *testing.T) {
	tests := []struct {
		name, lang, text, line string
		want                   string
	}{
		{"keyword line", "go", "package p\n\nfunc Open() {}\n", "func Open", "Open"},
		{"go group member", "go", "var (\n\t// doc\n\tErrShort = x\n)\n", "\tErrShort", "ErrShort"},
		{"go struct field", "go", "type C struct {\n\tTimeout int\n}\n", "\tTimeout", "Timeout"},
		{"go value line is no member", "go", "var (\n\tm = map[string]int{\n\t\tinner: 1,\n", "\t\tinner", ""},
		{"c function below its type", "c", "static int\nparse_args (int argc)\n{\n", "parse_args", "parse_args"},
		{"typescript interface member", "typescript", "interface O {\n  timeout?: number;\n}\n", "  timeout", "timeout"},
		{"a call defines nothing", "go", "func f() {\n\tfoo(bar)\n}\n", "\tfoo", ""},
		{"crlf line", "go", "type A int\r\nvar B = 1\r\n", "var B", "B"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := RulesFor(tt.lang)
			if !ok {
				t.Fatalf("no rules for %s", tt.lang)
			}
			start := strings.Index(tt.text, tt.line)
			if start < 0 {
				t.Fatalf("%q not in the text", tt.line)
			}
			if got := string(At([]byte(tt.text), start, r)); got != tt.want {
				t.Errorf("At(%q) = %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}
