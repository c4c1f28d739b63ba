package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadSnippetStaysInTheWorkspace(t *testing.T) {
	a, _ := newTestApp(t, nil)
	ws := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 50; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%3))
		b.WriteString("\r\n")
	}
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte(b.String()), 0o644)
	os.WriteFile(filepath.Join(ws, "bin.dat"), []byte{0x89, 'P', 0, 0, 1}, 0o644)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("do not read\n"), 0o644)
	os.Symlink(outside, filepath.Join(ws, "link.txt"))
	if _, err := a.h.Project.ReadSnippet("a.txt", 3); err == nil {
		t.Fatal("read without an open workspace")
	}
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	v, err := a.h.Project.ReadSnippet("a.txt", 20)
	if err != nil {
		t.Fatal(err)
	}
	if v.Lines[0].N != 12 || v.Lines[len(v.Lines)-1].N != 36 || v.Focus != 20 || strings.Contains(v.Lines[0].Text, "\r") {
		t.Errorf("snippet = %+v", v)
	}
	for _, p := range []string{"../" + filepath.Base(filepath.Dir(outside)) + "/secret.txt", outside, "link.txt", "bin.dat", "missing.txt"} {
		if v, err := a.h.Project.ReadSnippet(p, 1); err == nil {
			t.Errorf("ReadSnippet(%q) = %+v, want an error", p, v)
		}
	}
}
