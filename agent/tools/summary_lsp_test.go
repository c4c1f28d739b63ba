package tools

import (
	"encoding/json"
	"testing"
)

func TestSummarizeLanguageTools(t *testing.T) {
	cases := []struct {
		name, args, out, want string
	}{
		{"diagnostics", `{"path":"main.go"}`, "No errors or warnings in main.go (gopls).", "Checked main.go · no problems"},
		{"diagnostics", `{}`, "2 errors in a.go (gopls):\n  a.go:1:1: error: x\n  a.go:2:1: error: y\n1 error, 3 warnings in b.go (gopls):\n  b.go:1:1: error: z",
			"Checked the project · 3 errors, 3 warnings"},
		{"lsp", `{"operation":"references","symbol":"Add"}`, "Referenced at 2 places:\n  main.go:4:6  func Add", "Found references to Add · 2 places"},
		{"lsp", `{"operation":"definition","path":"main.go","line":7,"column":6}`, "Defined at 1 place:\n  main.go:4:6  func Add", "Found the definition of main.go:7 · 1 place"},
		{"lsp", `{"operation":"hover","path":"main.go","line":4}`, "func Add(a int, b int) int", "Looked up main.go:4"},
		{"lsp", `{"operation":"symbols","path":"main.go"}`, "Symbols in main.go:\n  function Add  line 4", "Listed symbols of main.go"},
		{"write_file", `{"path":"a.go"}`, "Created a.go (3 lines, 40 B).\n\nThis change introduced 2 errors (gopls):\n  a.go:2:1: error: x\n  a.go:3:1: error: y",
			"Created a.go · 3 lines · 2 new errors"},
		{"edit_file", `{"path":"a.go"}`, "Applied 1 edit to a.go.\n--- a/a.go\n+++ b/a.go\n@@ -1 +1 @@\n-x\n+y\n", "Edited a.go · +1 −1"},
	}
	for _, c := range cases {
		got := Summarize(Finished{Name: c.name, Args: json.RawMessage(c.args), Output: c.out})
		if got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.name, c.args, got, c.want)
		}
	}
}
