//go:build unix

package hooks

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// A hook's allow spares a prompt the rules would ask (here: a headless
// run that cannot ask), and never overrides a deny rule.
func TestHookAllowSkipsAnAskNeverADeny(t *testing.T) {
	allow := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}'"}]}]}}`
	tests := []struct {
		name    string
		hook    string
		policy  permission.Policy
		wantRan bool
	}{
		{"no hook: asked, and nobody can answer", `{}`, permission.Policy{}, false},
		{"hook allows the ask", allow, permission.Policy{}, true},
		{"hook allow against a deny rule", allow, permission.Policy{Rules: []permission.Rule{{Kind: permission.KindShell, Pattern: "touch *", Effect: permission.Deny}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, home := t.TempDir(), t.TempDir()
			os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
			if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(tt.hook), 0o644); err != nil {
				t.Fatal(err)
			}
			set, err := Load(Sources{Home: home, Workspace: ws})
			if err != nil {
				t.Fatal(err)
			}
			p := tt.policy
			ts, err := tools.Builtin(tools.Config{Workspace: ws, Approve: tools.ApproveNever, Policy: &p})
			if err != nil {
				t.Fatal(err)
			}
			var shell tool.Tool
			for _, x := range Wrap(ts, set, Session{Workspace: ws}) {
				if x.Definition().Name == "shell" {
					shell = x
				}
			}
			args, _ := json.Marshal(tools.ShellParams{Command: "touch made"})
			_, err = shell.Run(context.Background(), args)
			_, serr := os.Stat(filepath.Join(ws, "made"))
			if ran := serr == nil; ran != tt.wantRan {
				t.Fatalf("ran = %v, want %v (err %v)", ran, tt.wantRan, err)
			}
		})
	}
}
