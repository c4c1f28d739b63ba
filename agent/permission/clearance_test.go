package permission

import (
	"context"
	"testing"
)

// TestClearance: CheckShell says a call runs unasked only when every
// command was judged read-only, so the caller contains exactly those.
func TestClearance(t *testing.T) {
	env := fixtureEnv(t)
	tests := []struct {
		name     string
		policy   Policy
		mode     Mode
		line     string
		readOnly bool
		programs int
	}{
		{"read-only line", Policy{}, ModeNever, "cat a.txt | sort", true, 2},
		{"approved by mode", Policy{}, ModeAll, "touch x", false, 0},
		{"allowed by a rule", Policy{Rules: []Rule{{Kind: KindShell, Pattern: "make *", Effect: Allow}}}, ModeNever, "make build", false, 0},
		{"read-only but a rule asks", Policy{Rules: []Rule{{Kind: KindShell, Pattern: "cat *", Effect: Ask}}}, ModeAll, "cat a.txt", false, 0},
		{"builtins run no program", Policy{}, ModeNever, "echo hi; pwd", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(tt.policy, tt.mode, nil, env.Workspace, nil)
			g.SetShellPath(env.Path)
			c, err := g.CheckShell(context.Background(), shellReq(tt.line))
			if err != nil {
				t.Fatal(err)
			}
			if c.ReadOnly != tt.readOnly || len(c.Programs) != tt.programs {
				t.Fatalf("clearance %+v, want read-only %v with %d programs", c, tt.readOnly, tt.programs)
			}
		})
	}
}

// TestWindowsJudgesNothingReadOnly: PowerShell is not POSIX shell, so on
// Windows every command asks (and deletions of the workspace still always ask).
func TestWindowsJudgesNothingReadOnly(t *testing.T) {
	env := fixtureEnv(t)
	env.NoReadOnly = true
	for _, line := range []string{"ls", "git status", "cat a.txt", "echo hi"} {
		if JudgeShell(line, env).ReadOnly() {
			t.Errorf("%q judged read-only on Windows", line)
		}
	}
	if !JudgeShell("rm -rf .", env).AlwaysAsk {
		t.Error("rm -rf . lost its always-ask on Windows")
	}
}
