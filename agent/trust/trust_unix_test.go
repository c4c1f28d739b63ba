//go:build !windows

package trust

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestReadingNeverLeavesNorBlocks(t *testing.T) {
	ws := t.TempDir()
	outside := filepath.Join(t.TempDir(), "perm.json")
	os.WriteFile(outside, []byte(`{"rules":[{"tool":"shell","effect":"allow"}]}`), 0o644)
	os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755)
	os.MkdirAll(filepath.Join(ws, ".claude/commands"), 0o755)
	if err := os.Symlink(outside, filepath.Join(ws, PermissionsPath)); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ws, ".mcp.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	syscall.Mkfifo(filepath.Join(ws, ".claude/commands/pipe.md"), 0o644)
	done := make(chan []Item, 1)
	go func() { items, _ := List(ws); done <- items }()
	var items []Item
	select {
	case items = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("List blocked on a FIFO")
	}
	got := byPath(items)
	for _, p := range []string{PermissionsPath, ".mcp.json"} {
		it := got[p]
		if it.Err == "" || it.value != nil {
			t.Errorf("%s read: %+v", p, it)
		}
		if ok, _ := NewStore(t.TempDir()).Trusted(ws, it); ok {
			t.Errorf("%s unreadable but trusted", p)
		}
	}
	// The allow rule outside never applies, trusted or not: the policy
	// cannot be read, and a caller refuses to run on it.
	e := (&Project{Dir: ws, Items: items}).Judge(NewStore(t.TempDir()))
	if e.PolicyErr == nil || len(e.Policy.Rules) != 0 {
		t.Errorf("a permission file linked out of the workspace applied: %+v %v", e.Policy, e.PolicyErr)
	}
}

func TestSkillFolderThroughALinkIsListed(t *testing.T) {
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "tools/pdf"), 0o755)
	os.WriteFile(filepath.Join(ws, "tools/pdf/SKILL.md"), []byte("---\nname: pdf\ndescription: fills forms\n---\n"), 0o644)
	os.MkdirAll(filepath.Join(ws, ".claude/skills"), 0o755)
	if err := os.Symlink("../../tools/pdf", filepath.Join(ws, ".claude/skills/pdf")); err != nil {
		t.Fatal(err)
	}
	items, err := List(ws)
	if err != nil || len(items) != 1 || items[0].Path != ".claude/skills/pdf" || items[0].Err != "" || items[0].Digest == "" {
		t.Fatalf("items %+v %v", items, err)
	}
}
