// Package check proposes a project's check command (the compiler or linter
// run after a turn that edited files when no language server reports on
// the edits) and shapes a failing check's output for the model.
package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// LookPath finds a program on PATH (exec.LookPath).
type LookPath func(name string) (string, error)

// proposals are tried in order; the first whose marker file is in the
// folder and whose tool is there gives the command.
var proposals = []struct {
	marker, command string
	// tool is a program that must be on PATH, or local one that must exist
	// in the folder (slash-separated), for the command to be proposed.
	tool  string
	local bool
}{
	{"go.mod", "go build ./... && go vet ./...", "go", false},
	{"tsconfig.json", "npx tsc --noEmit", "node_modules/.bin/tsc", true},
	{"Cargo.toml", "cargo check", "cargo", false},
	{"pyproject.toml", "ruff check", "ruff", false},
}

// Propose is the check command the folder's files suggest, "" for none.
// A local tool (node_modules/.bin/tsc) is the project's own program: the
// person confirms the proposal before it ever runs.
func Propose(dir string, lookPath LookPath) string {
	for _, p := range proposals {
		if !isFile(filepath.Join(dir, p.marker)) {
			continue
		}
		if p.local {
			if isFile(filepath.Join(dir, filepath.FromSlash(p.tool))) {
				return p.command
			}
			continue
		}
		if _, err := lookPath(p.tool); err == nil {
			return p.command
		}
	}
	return ""
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// MaxOutput bounds the part of a failing check's output the model is sent.
const MaxOutput = 8 << 10

// Tail is the end of out within limit bytes, cut at a line start, with a
// note of what was left out: a compiler's last lines say most.
func Tail(out string, limit int) string {
	out = strings.TrimSpace(out)
	if len(out) <= limit {
		return out
	}
	cut := out[len(out)-limit:]
	if i := strings.IndexByte(cut, '\n'); i >= 0 && i < len(cut)-1 {
		cut = cut[i+1:]
	}
	return fmt.Sprintf("[%d earlier bytes left out]\n%s", len(out)-len(cut), cut)
}

// Instruction is what the model is told when the check fails.
func Instruction(command, output string, round, rounds int) string {
	return fmt.Sprintf("The project check `%s` failed after your edits (fix round %d of %d). Fix the errors, then stop; the check runs again.\n\n%s",
		command, round, rounds, Tail(output, MaxOutput))
}
