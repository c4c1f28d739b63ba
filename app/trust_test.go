package app

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// shipRules makes ws a cloned folder that allows `touch` and starts an MCP
// server.
func shipRules(t *testing.T, ws string) {
	t.Helper()
	os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755)
	os.WriteFile(filepath.Join(ws, ".hearth", "permissions.json"), []byte(`{"rules":[{"tool":"shell","pattern":"touch *","effect":"allow"}]}`), 0o644)
	os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(`{"mcpServers":{"x":{"command":"node","args":["server.js"]}}}`), 0o644)
}

func approvals(v WorkspaceTrustView) []TrustApproval {
	var out []TrustApproval
	for _, it := range v.Items {
		if !it.Trusted {
			out = append(out, TrustApproval{Path: it.Path, Digest: it.Digest})
		}
	}
	return out
}

func TestWorkspaceTrustListsAndTrusts(t *testing.T) {
	a, _ := newTestApp(t, nil)
	if _, err := a.h.Project.WorkspaceTrust(); err == nil {
		t.Error("no folder open, yet a trust list")
	}
	ws := t.TempDir()
	shipRules(t, ws)
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	v, err := a.h.Project.WorkspaceTrust()
	if err != nil {
		t.Fatal(err)
	}
	if v.Pending != 2 || len(v.Items) != 2 || v.Items[0].Path != ".mcp.json" || v.Items[0].Summary != "starts `node server.js` as MCP server \"x\"" {
		t.Fatalf("view %+v", v)
	}
	if _, err := a.h.Project.TrustWorkspace(nil); err == nil {
		t.Error("an empty approval was accepted")
	}
	// A file that changed after it was shown is not trusted.
	stale := approvals(v)
	os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(`{"mcpServers":{"x":{"command":"sh"}}}`), 0o644)
	var ve *settings.ValidationError
	if _, err := a.h.Project.TrustWorkspace(stale); !errors.As(err, &ve) || ve.Field != "trust" {
		t.Fatalf("stale approval: %v", err)
	}
	v, _ = a.h.Project.WorkspaceTrust()
	if v.Pending != 2 {
		t.Errorf("a refused approval trusted something: %+v", v)
	}
	if v, err = a.h.Project.TrustWorkspace(approvals(v)); err != nil || v.Pending != 0 {
		t.Fatalf("trust all: %+v %v", v, err)
	}
	// One file changes: only it is pending, marked changed, and can be
	// approved alone.
	os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(`{"mcpServers":{"x":{"command":"python3"}}}`), 0o644)
	v, _ = a.h.Project.WorkspaceTrust()
	if v.Pending != 1 || !v.Items[0].Changed || v.Items[0].Trusted || !v.Items[1].Trusted {
		t.Fatalf("after change: %+v", v)
	}
	if v, err = a.h.Project.TrustWorkspace(approvals(v)); err != nil || v.Pending != 0 {
		t.Fatalf("trust the changed file: %+v %v", v, err)
	}
}

func TestChatAppliesShippedAllowRulesOnlyOnceTrusted(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"touch made-by-rule"}`), textReply("Asked."),
		toolReply("c2", "shell", `{"command":"touch made-by-rule"}`), textReply("Done."),
	}}
	a, rec, ws := chatApp(t, p, "ask")
	shipRules(t, ws)
	if _, err := a.h.Chat.Send(a.shownID(), "make it"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "deny", ""); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	if _, err := os.Stat(filepath.Join(ws, "made-by-rule")); !os.IsNotExist(err) {
		t.Fatal("the untrusted allow rule ran the command")
	}
	// The turn's end, and the window coming back to the front, have the
	// strip look again: a tool or the person may have changed an item.
	asks := func() int { rec.mu.Lock(); defer rec.mu.Unlock(); return rec.trustAsks }
	eventually.True(t, "a trust event after the turn", func() bool { return asks() == 1 })
	a.h.Shell.WindowFocused(false)
	a.h.Shell.WindowFocused(true)
	if n := asks(); n != 2 {
		t.Fatalf("%d trust events after a blur and a focus, want 2", n)
	}
	v, _ := a.h.Project.WorkspaceTrust()
	if _, err := a.h.Project.TrustWorkspace(approvals(v)); err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	if _, err := a.h.Chat.Send(a.shownID(), "again"); err != nil {
		t.Fatal(err)
	}
	if fin := rec.waitFor(t, "tool_finished"); fin["status"] != "succeeded" {
		t.Fatalf("trusted rule: %v", fin)
	}
	rec.waitFor(t, "done")
	for _, typ := range rec.types() {
		if typ == "approval_requested" {
			t.Error("asked although the trusted rule allows it")
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "made-by-rule")); err != nil {
		t.Errorf("trusted allow rule did not apply: %v", err)
	}
}
