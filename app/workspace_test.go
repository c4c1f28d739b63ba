package app

import (
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

// The app opens on the folder it was started on, else on the last one
// opened, unless that is turned off or the folder is gone.
func TestOpenAtStart(t *testing.T) {
	last, given := t.TempDir(), t.TempDir()
	gone := filepath.Join(t.TempDir(), "gone")
	off := false
	tests := []struct {
		name   string
		recent []string
		reopen *bool
		dir    string
		want   string
	}{
		{"the last folder", []string{last}, nil, "", last},
		{"a folder given wins", []string{last}, nil, given, given},
		{"turned off", []string{last}, &off, "", ""},
		{"turned off, a folder given", []string{last}, &off, given, given},
		{"the last folder is gone", []string{gone, last}, nil, "", ""},
		{"nothing recent", nil, nil, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := newTestApp(t, nil)
			if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
				s.Recent, s.ReopenLast = tt.recent, tt.reopen
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			a.openAtStart(tt.dir)
			got := ""
			if w := a.h.Project.CurrentWorkspace(); w != nil {
				got = w.Path
			}
			if got != tt.want {
				t.Errorf("workspace %q, want %q", got, tt.want)
			}
		})
	}
}

// The reopen setting round-trips through SaveGlobal and the view; leaving
// it out of the input changes nothing.
func TestReopenLastWorkspaceSetting(t *testing.T) {
	a, _ := newTestApp(t, nil)
	if !a.h.Settings.GetSettings().ReopenLastWorkspace {
		t.Fatal("reopening the last folder is off by default")
	}
	off := false
	in := GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", ReopenLastWorkspace: &off}
	if v, err := a.h.Settings.SaveGlobal(in); err != nil || v.ReopenLastWorkspace {
		t.Fatalf("after turning it off: %v, %v", v.ReopenLastWorkspace, err)
	}
	in.ReopenLastWorkspace = nil
	if v, _ := a.h.Settings.SaveGlobal(in); v.ReopenLastWorkspace {
		t.Error("an input without the field turned it back on")
	}
}
