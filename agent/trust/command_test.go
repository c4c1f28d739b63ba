package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A command whose allowed-tools would let tools run unasked needs trust,
// in either YAML form, like one with ! lines.
func TestCommandWithAllowedToolsNeedsTrust(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{
		"inline.md": "---\nallowed-tools: Bash(git add:*), Write\n---\nCommit.\n",
		"list.md":   "---\nallowed-tools:\n  - Write\n---\nWrite.\n",
		"plain.md":  "---\ndescription: Explain\n---\nExplain $1.\n",
	}
	dir := filepath.Join(ws, ".claude", "commands")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	items, err := List(ws)
	if err != nil {
		t.Fatal(err)
	}
	got := byPath(items)
	for name, runs := range map[string]bool{"inline.md": true, "list.md": true, "plain.md": false} {
		it := got[".claude/commands/"+name]
		if it.Runs != runs {
			t.Errorf("%s: runs = %v, want %v (%s)", name, it.Runs, runs, it.Summary)
		}
	}
	if s := got[".claude/commands/inline.md"].Summary; !strings.Contains(s, "without asking") || !strings.Contains(s, "Bash(git add:*)") {
		t.Errorf("summary %q does not say what it allows", s)
	}
}
