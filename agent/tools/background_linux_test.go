package tools

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// TestBackgroundIsJudgedAndContainedLikeAnyCommand: a background command
// asks as any command does (refused with nobody to ask), and one judged
// read-only, or approved with containment on, runs in the sandbox.
func TestBackgroundIsJudgedAndContainedLikeAnyCommand(t *testing.T) {
	procs := process.NewTable(process.Options{})
	defer procs.Close()
	_, ts := newWS(t, nil, Config{Processes: procs})
	var denied *tool.DeniedError
	if _, err := run(t, ts["shell"], ShellParams{Command: "touch made", Background: true}); !errors.As(err, &denied) {
		t.Fatalf("unapproved background command: %v, want denied", err)
	}
	needSandbox(t)
	outside := t.TempDir()
	misjudged = func(string) (permission.Clearance, bool) { return permission.Clearance{ReadOnly: true}, true }
	t.Cleanup(func() { misjudged = nil })
	mustRun(t, ts["shell"], ShellParams{Command: "echo pwned > " + outside + "/planted", Background: true})
	misjudged = nil
	_, contained := newWS(t, nil, Config{Approve: ApproveAll, ContainApproved: true, Processes: procs})
	mustRun(t, contained["shell"], ShellParams{Command: "touch " + outside + "/approved", Background: true})
	eventually.True(t, "both commands ended", func() bool {
		for _, p := range procs.List() {
			if p.Status == "running" {
				return false
			}
		}
		return len(procs.List()) == 2
	})
	for _, p := range procs.List() {
		if p.ExitCode == 0 {
			t.Errorf("%s exited 0; its write outside should have failed", p.Command)
		}
	}
	for _, name := range []string{"planted", "approved"} {
		if _, err := os.Stat(filepath.Join(outside, name)); err == nil {
			t.Errorf("%s was written outside the workspace", name)
		}
	}
}
