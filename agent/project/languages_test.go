package project

import (
	"context"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

// The project's language servers serve turns in its own folder, honour
// the person's off switch, and none are handed out once it closes.
func TestLanguagesFollowTheFolderSettingsAndClose(t *testing.T) {
	dir := t.TempDir()
	st := stores(t)
	off := false
	st.Settings = func() settings.Settings {
		s := settings.Defaults()
		s.Diagnostics.Off = off
		return s
	}
	p, err := Open(context.Background(), dir, st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Languages(dir) == nil {
		t.Fatal("no language servers for the project's own folder")
	}
	if p.Languages(t.TempDir()) != nil {
		t.Error("language servers offered for a turn working in another folder (a worktree)")
	}
	off = true
	if p.Languages(dir) != nil {
		t.Error("language servers offered with diagnostics off")
	}
	off = false
	p.Close()
	if p.Languages(dir) != nil {
		t.Error("language servers offered after Close")
	}
	if NoFolder(st, Options{}).Languages("") != nil {
		t.Error("language servers without a folder")
	}
}
