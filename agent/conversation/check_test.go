//go:build unix

package conversation

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/trust/trusttest"
)

// checkRows are the turn's check rows.
func (e *events) checkRows(id string) []*HookRan {
	var out []*HookRan
	for _, h := range e.hookRows(id) {
		if h.Event == checkEvent {
			out = append(out, h)
		}
	}
	return out
}

const (
	brokenGo = `{"path":"a.go","content":"package a\n\nfunc F() {\n"}`
	fixedGo  = `{"path":"a.go","content":"package a\n\nfunc F() {}\n"}`
)

// gofmtCheck is a project check that fails on a Go syntax error.
func gofmtCheck(t *testing.T) string {
	return `{"check":"` + gofmtPath(t) + ` -l -e ."}`
}

// A turn that writes a broken Go file where the project's trusted check is
// set gets the check's output in the next request, fixes the file, and
// the check passes: two rows, one done.
func TestCheckFailureGoesBackToTheModel(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{".hearth/settings.json": gofmtCheck(t)}, true,
		call("c1", "write_file", brokenGo), text("Written."),
		call("c2", "write_file", fixedGo), text("Fixed."))
	id, _, _ := c.Send("write a.go")
	d := ev.waitDone(t, id)
	if d.Text != "Fixed." {
		t.Fatalf("done = %+v", d)
	}
	sent := rec.body(2)
	if !strings.Contains(sent, "failed after your edits (fix round 1 of 2)") || !strings.Contains(sent, "a.go:3:12: expected") {
		t.Fatalf("the model was not sent the check's output: %s", sent)
	}
	rows := ev.checkRows(id)
	if len(rows) != 2 || !rows[0].Blocked || rows[0].ExitCode != 2 || rows[1].ExitCode != 0 || rows[1].Problem != "" {
		t.Fatalf("check rows %+v", rows)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.go")); string(b) != "package a\n\nfunc F() {}\n" {
		t.Fatalf("a.go = %q", b)
	}
}

// A model that never fixes the error is sent back the set number of times
// and no more; the last row says so.
func TestCheckRoundsAreBounded(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{".hearth/settings.json": gofmtCheck(t)}, true,
		call("c1", "write_file", brokenGo), text("Written."), text("I give up."), text("Still no."), text("never sent"))
	id, _, _ := c.Send("write a.go")
	d := ev.waitDone(t, id)
	if d.Text != "Still no." || rec.body(4) != "" {
		t.Fatalf("done %q; a fifth request: %v", d.Text, rec.body(4) != "")
	}
	rows := ev.checkRows(id)
	if len(rows) != 3 || !rows[0].Blocked || !rows[1].Blocked || rows[2].Blocked ||
		rows[2].Problem != "still failing after 2 fix rounds; the agent is not sent back again" {
		t.Fatalf("check rows %+v", rows)
	}
}

// A turn that edits nothing runs no check.
func TestCheckNeedsAnEdit(t *testing.T) {
	c, ev, _, _ := newTrustedConversation(t, map[string]string{".hearth/settings.json": gofmtCheck(t), "a.go": "package a\nfunc (\n"}, true,
		call("c1", "list_dir", `{}`), text("Looked."))
	id, _, _ := c.Send("look")
	ev.waitDone(t, id)
	if rows := ev.checkRows(id); len(rows) != 0 {
		t.Fatalf("check rows %+v", rows)
	}
}

// An untrusted workspace's check command does not run (its canary stays
// absent) and the row says why.
func TestUntrustedCheckDoesNotRun(t *testing.T) {
	c, ev, _, ws := newTrustedConversation(t, map[string]string{".hearth/settings.json": `{"check":"touch canary-check"}`}, false,
		call("c1", "write_file", fixedGo), text("Written."))
	id, _, _ := c.Send("write a.go")
	ev.waitDone(t, id)
	if _, err := os.Stat(filepath.Join(ws, "canary-check")); err == nil {
		t.Fatal("an untrusted check ran")
	}
	rows := ev.checkRows(id)
	if len(rows) != 1 || !strings.Contains(rows[0].Problem, "not trusted") {
		t.Fatalf("check rows %+v", rows)
	}
}

// A headless run does not run a proposed check nobody confirmed; with
// --approve all it does.
func TestProposedCheckHeadless(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	for _, approve := range []tools.ApproveMode{"", tools.ApproveAll} {
		t.Run(string(approve)+"-", func(t *testing.T) {
			c, ev, _, _ := newTrustedConversation(t, map[string]string{"go.mod": "module example.com/a\n\ngo 1.22\n"}, true,
				call("c1", "write_file", fixedGo), text("Written."))
			c.cfg.Headless, c.cfg.Approve = true, approve
			id, _, _ := c.Send("write a.go")
			ev.waitDone(t, id)
			rows := ev.checkRows(id)
			if len(rows) != 1 || rows[0].Command != "go build ./... && go vet ./..." {
				t.Fatalf("check rows %+v", rows)
			}
			notRun := strings.Contains(rows[0].Problem, "not confirmed, so not run")
			if notRun != (approve == "") {
				t.Fatalf("approve %q: row %+v", approve, rows[0])
			}
		})
	}
}

// With a person watching, a proposed check is asked about once: the
// answer is kept (in the person's settings) and the next turn runs it without asking.
func TestProposedCheckIsConfirmedOnce(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	c, ev, _, ws := newTrustedConversation(t, map[string]string{"go.mod": "module example.com/a\n\ngo 1.22\n"}, true,
		call("c1", "write_file", fixedGo), text("Written."),
		call("c2", "write_file", `{"path":"b.go","content":"package a\n"}`), text("Again."))
	var kept [][2]string
	c.cfg.Update = func(fn func(*settings.Settings) error) (settings.Settings, error) {
		var st settings.Settings
		if err := fn(&st); err != nil {
			return st, err
		}
		for _, cc := range st.Check.Confirmed {
			kept = append(kept, [2]string{cc.Dir, cc.Command})
		}
		return st, nil
	}
	id, _, _ := c.Send("write a.go")
	req := ev.waitApproval(t, id, map[string]bool{})
	if req.Tool != "check" || req.Detail != "go build ./... && go vet ./..." {
		t.Fatalf("asked %+v", req.ApprovalRequest)
	}
	if err := c.Approve(req.RequestID, "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	if len(kept) != 1 || kept[0] != [2]string{ws, "go build ./... && go vet ./..."} {
		t.Fatalf("kept %v", kept)
	}
	if rows := ev.checkRows(id); len(rows) != 1 || rows[0].ExitCode != 0 || rows[0].Problem != "" {
		t.Fatalf("check rows %+v", rows)
	}
	second, _, _ := c.Send("write b.go")
	ev.waitDone(t, second)
	if n := ev.approvals(second); n != 0 {
		t.Fatalf("asked again: %d approvals", n)
	}
	if rows := ev.checkRows(second); len(rows) != 1 || rows[0].ExitCode != 0 {
		t.Fatalf("second turn's check rows %+v", rows)
	}
}

// A confirmation is for the folder the person saw: another folder at the
// same path (a fresh clone, whose own tsc or build scripts the check would
// run) is asked about anew, in the same conversation and in the settings.
func TestProposedCheckIsAskedAgainForAnotherFolderAtThePath(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	goMod := "module example.com/a\n\ngo 1.22\n"
	c, ev, _, ws := newTrustedConversation(t, map[string]string{"go.mod": goMod}, true,
		call("c1", "write_file", fixedGo), text("Written."),
		call("c2", "write_file", `{"path":"b.go","content":"package a\n"}`), text("Again."))
	stored := keepChecks(c, settings.Check{})
	seen := map[string]bool{}
	first, _, _ := c.Send("write a.go")
	if req := ev.waitApproval(t, first, seen); req.Tool != "check" {
		t.Fatalf("asked %+v", req.ApprovalRequest)
	} else if err := c.Approve(req.RequestID, "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, first)
	if kept := stored().Confirmed; len(kept) != 1 || kept[0].Folder == "" {
		t.Fatalf("stored confirmation %+v names no folder", kept)
	}
	if err := os.Rename(ws, ws+".before"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	second, _, _ := c.Send("write b.go")
	if req := ev.waitApproval(t, second, seen); req.Tool != "check" {
		t.Fatalf("asked %+v", req.ApprovalRequest)
	} else if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, second)
}

// keepChecks gives c settings whose check part starts as from and keeps
// what c saves, as the person's settings file would; it returns a reader.
func keepChecks(c *Conversation, from settings.Check) func() settings.Check {
	var mu sync.Mutex
	stored := from
	c.cfg.Update = func(fn func(*settings.Settings) error) (settings.Settings, error) {
		mu.Lock()
		defer mu.Unlock()
		st := settings.Settings{Check: stored}
		err := fn(&st)
		stored = st.Check
		return st, err
	}
	base := c.cfg.Settings
	c.cfg.Settings = func() settings.Settings {
		st := base()
		mu.Lock()
		st.Check = stored
		mu.Unlock()
		return st
	}
	return func() settings.Check {
		mu.Lock()
		defer mu.Unlock()
		return stored
	}
}

// A worktree's proposed check is its folder's: confirmed for the folder,
// it runs in the tree unasked; confirmed in a tree, it is kept for the
// folder, so the next tree does not ask again.
func TestAWorktreesCheckIsItsFolders(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	goMod := "module example.com/a\n\ngo 1.22\n"
	const proposed = "go build ./... && go vet ./..."
	for _, confirmed := range []bool{true, false} {
		t.Run(map[bool]string{true: "confirmed for the folder", false: "confirmed in the tree"}[confirmed], func(t *testing.T) {
			folder := t.TempDir()
			trusttest.Files(t, folder, map[string]string{"go.mod": goMod})
			c, ev, _, _ := newTrustedConversation(t, map[string]string{"go.mod": goMod}, true,
				call("c1", "write_file", fixedGo), text("Written."))
			c.cfg.Origin = folder
			var from settings.Check
			if confirmed {
				from.Confirm(folder, trust.FolderOf(folder), proposed)
			}
			stored := keepChecks(c, from)
			id, _, _ := c.Send("write a.go")
			if !confirmed {
				req := ev.waitApproval(t, id, map[string]bool{})
				if req.Tool != "check" || req.Detail != proposed {
					t.Fatalf("asked %+v", req.ApprovalRequest)
				}
				if err := c.Approve(req.RequestID, "allow_once", ""); err != nil {
					t.Fatal(err)
				}
			}
			ev.waitDone(t, id)
			if n := ev.approvals(id); confirmed && n != 0 {
				t.Fatalf("asked in the tree of a confirmed folder: %d approvals", n)
			}
			if rows := ev.checkRows(id); len(rows) != 1 || rows[0].ExitCode != 0 || rows[0].Problem != "" {
				t.Fatalf("check rows %+v", rows)
			}
			if !stored().IsConfirmed(folder, trust.FolderOf(folder), proposed) || len(stored().Confirmed) != 1 {
				t.Fatalf("kept %+v, want one confirmation for the folder %s", stored().Confirmed, folder)
			}
		})
	}
}

// The check's rows and the instruction it sent are stored with the turn:
// the instruction as a "hook:Check" continuation, which a reopened
// transcript shows as the turn's row, not as a prompt of the person's.
func TestCheckRowsAreStored(t *testing.T) {
	c, ev, _, _ := newTrustedConversation(t, map[string]string{".hearth/settings.json": gofmtCheck(t)}, true,
		call("c1", "write_file", brokenGo), text("Written."),
		call("c2", "write_file", fixedGo), text("Fixed."))
	store := withStore(t, c)
	id, _, _ := c.Send("write a.go")
	ev.waitDone(t, id)
	waitIdle(t, c)
	tr, rows := storedHookRows(t, store, c.SessionID())
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "assistant Check 2 after=\"\" blocked=true") || !strings.HasPrefix(rows[1], "assistant Check 0 ") {
		t.Fatalf("stored rows %q", rows)
	}
	var origins []string
	for _, m := range tr.Messages {
		if m.Role == "user" {
			origins = append(origins, m.Origin)
		}
	}
	if strings.Join(origins, ",") != ",hook:Check" {
		t.Fatalf("user message origins %q", origins)
	}
}
