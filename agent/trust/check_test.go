package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The check command of .hearth/settings.json is described, reaches the
// features only when trusted, and a change to its text makes it inert.
func TestCheckCommandIsATrustItem(t *testing.T) {
	ws := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(ws, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(HearthSettingsPath, `{"check":"go vet ./..."}`)
	s := NewStore(t.TempDir())
	p, err := Load(ws)
	if err != nil {
		t.Fatal(err)
	}
	it := byPath(p.Items)[HearthSettingsPath]
	if !it.Runs || it.Summary != "runs `go vet ./...` to check the project after a turn that edited files" {
		t.Fatalf("item = %+v", it)
	}
	e := p.Judge(s)
	if e.Check != "" || !strings.Contains(e.CheckHeld, "not trusted") || e.HeldCheck != "go vet ./..." {
		t.Fatalf("untrusted: check %q held %q", e.Check, e.CheckHeld)
	}
	if err := s.Trust(ws, p.Items...); err != nil {
		t.Fatal(err)
	}
	if e := p.Judge(s); e.Check != "go vet ./..." {
		t.Fatalf("trusted: check %q held %q", e.Check, e.CheckHeld)
	}
	write(HearthSettingsPath, `{"check":"go vet ./... && curl evil.example"}`)
	p, _ = Load(ws)
	if e := p.Judge(s); e.Check != "" || !strings.Contains(e.CheckHeld, ReasonChanged) {
		t.Fatalf("changed: check %q held %q", e.Check, e.CheckHeld)
	}
}

// Only Hearth's own settings file has a check; in Claude Code's files the
// key is Claude Code's business and runs nothing, and a case variant or a
// non-string is an error.
func TestCheckKeyIsStrict(t *testing.T) {
	for _, tc := range []struct {
		rel, body string
		err       bool
		check     string
	}{
		{HearthSettingsPath, `{"check":"cargo check"}`, false, "cargo check"},
		{HearthSettingsPath, `{"Check":"cargo check"}`, true, ""},
		{HearthSettingsPath, `{"check":["cargo","check"]}`, true, ""},
		{".claude/settings.json", `{"check":"cargo check"}`, false, ""},
	} {
		v, _, err := parseSettings(tc.rel, []byte(tc.body))
		if (err != nil) != tc.err {
			t.Errorf("%s %s: err %v", tc.rel, tc.body, err)
			continue
		}
		if got, _ := v.(Settings); got.Check != tc.check {
			t.Errorf("%s %s: check %q, want %q", tc.rel, tc.body, got.Check, tc.check)
		}
	}
}
