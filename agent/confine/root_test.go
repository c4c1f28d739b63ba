package confine

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCleanErrors(t *testing.T) {
	dir := "/home/u/proj"
	tests := []struct {
		in      string
		want    string
		wantErr error
		msg     string
	}{
		{in: "a/b.go", want: "a/b.go"},
		{in: "./a//b.go", want: "a/b.go"},
		{in: "", want: "."},
		{in: "/home/u/proj/x.go", want: "x.go"},
		{in: "/home/u/proj", want: "."},
		{in: "/home/u/project/x.go", wantErr: ErrOutside, msg: "absolute path outside"},
		{in: "../x", wantErr: ErrOutside, msg: "'..'"},
		{in: "a/../b", wantErr: ErrOutside, msg: "'..'"},
		{in: "/home/u/proj/../x", wantErr: ErrOutside},
		{in: `C:\x`, wantErr: ErrOutside, msg: "Windows"},
		{in: `\\srv\share`, wantErr: ErrOutside, msg: "UNC"},
		{in: "~/.ssh", wantErr: ErrOutside, msg: "home"},
		{in: "a\x00b", wantErr: ErrInvalid, msg: "NUL"},
		{in: "\xff\xfe", wantErr: ErrInvalid, msg: "UTF-8"},
	}
	for _, tt := range tests {
		got, err := Clean(dir, tt.in)
		if tt.wantErr != nil {
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("Clean(%q) err = %v, want %v", tt.in, err, tt.wantErr)
			} else if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Clean(%q) err = %q, want it to mention %q", tt.in, err, tt.msg)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Clean(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestSymlinkOutIsClassified(t *testing.T) {
	_, r := fixture(t)
	_, err := r.ReadFile("up/secret.txt")
	var pe *PathError
	if !errors.As(err, &pe) || !errors.Is(err, ErrOutside) {
		t.Fatalf("err = %v, want ErrOutside PathError", err)
	}
	if b, err := r.ReadFile("insub/ok.txt"); err != nil || string(b) != "inside" {
		t.Fatalf("symlink inside the workspace: %q, %v", b, err)
	}
}

func TestProtectedWrites(t *testing.T) {
	_, r := fixture(t)
	for _, p := range []string{".git/config", ".GIT/hooks/pre-commit", "sub/.git/x", ".hearth/permissions.json", "gitlink/config"} {
		if err := r.WriteFile(p, []byte("x"), 0o644); !errors.Is(err, ErrProtected) {
			t.Errorf("WriteFile(%q) err = %v, want ErrProtected", p, err)
		}
	}
	if _, err := r.ReadDir(".git"); err != nil {
		t.Errorf("reading .git should be allowed: %v", err)
	}
	allowed, err := Open(r.Dir(), AllowProtectedWrites())
	must(t, err)
	defer allowed.Close()
	if err := allowed.WriteFile(".git/config", []byte("x"), 0o644); err != nil {
		t.Errorf("with AllowProtectedWrites: %v", err)
	}
}

func TestWriteFileAtomicKeepsMode(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "run.sh"), []byte("old"), 0o751))
	r, err := Open(dir)
	must(t, err)
	defer r.Close()
	must(t, r.WriteFile("run.sh", []byte("new"), 0o644))
	fi, err := os.Stat(filepath.Join(dir, "run.sh"))
	must(t, err)
	if fi.Mode().Perm() != 0o751 {
		t.Errorf("mode = %v, want 0751", fi.Mode().Perm())
	}
	must(t, r.WriteFile("a/b/c.txt", []byte("deep"), 0o640))
	if b, _ := os.ReadFile(filepath.Join(dir, "a", "b", "c.txt")); string(b) != "deep" {
		t.Errorf("nested write = %q", b)
	}
	// Through a symlink: the target changes, the link stays a link.
	must(t, os.Symlink("run.sh", filepath.Join(dir, "link.sh")))
	must(t, r.WriteFile("link.sh", []byte("via link"), 0o644))
	if fi, _ := os.Lstat(filepath.Join(dir, "link.sh")); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("symlink was replaced by a file")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "run.sh")); string(b) != "via link" {
		t.Errorf("target = %q", b)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".hearth-tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestWriteFileFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "d"), 0o755))
	r, err := Open(dir)
	must(t, err)
	defer r.Close()
	if err := r.WriteFile("d", []byte("x"), 0o644); !errors.Is(err, ErrInvalid) {
		t.Errorf("writing over a directory: err = %v", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "d")); err != nil || !fi.IsDir() {
		t.Error("directory was replaced")
	}
}

func TestAbsoluteViaSymlinkedSpelling(t *testing.T) {
	real := t.TempDir()
	alias := filepath.Join(t.TempDir(), "alias")
	must(t, os.Symlink(real, alias))
	must(t, os.WriteFile(filepath.Join(real, "f.txt"), []byte("hi"), 0o644))
	r, err := Open(alias)
	must(t, err)
	defer r.Close()
	for _, p := range []string{filepath.Join(alias, "f.txt"), filepath.Join(real, "f.txt")} {
		if b, err := r.ReadFile(p); err != nil || string(b) != "hi" {
			t.Errorf("ReadFile(%q) = %q, %v", p, b, err)
		}
	}
}
