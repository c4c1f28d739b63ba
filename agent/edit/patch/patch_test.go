package patch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/edit"
)

func TestResolve(t *testing.T) {
	ws := t.TempDir()
	tests := []struct {
		in, want string
		outside  bool
	}{
		{"a.go", "a.go", false},
		{"./src/../a.go", "a.go", false},
		{"src/a.go", filepath.Join("src", "a.go"), false},
		{filepath.Join(ws, "x", "y.go"), filepath.Join("x", "y.go"), false},
		{"../a.go", "", true},
		{"src/../../a.go", "", true},
		{"/etc/passwd", "", true},
		{filepath.Dir(ws), "", true},
		{"", "", true},
		{`src\a.go`, filepath.Join("src", "a.go"), false},
		{`..\a.go`, "", true},
		{`C:\Windows\x`, "", true},
		{"c:/x", "", true},
		{`\\server\share\x`, "", true},
		{"//server/share/x", "", true},
		{"a\x00b", "", true},
	}
	for _, tt := range tests {
		got, err := Resolve(ws, tt.in)
		if tt.outside {
			if !errors.Is(err, ErrOutside) {
				t.Errorf("Resolve(%q) = %q, %v; want ErrOutside", tt.in, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, p := range []string{ws, ".", "src/.."} {
		if _, err := Resolve(ws, p); err == nil || !strings.Contains(err.Error(), "workspace itself") {
			t.Errorf("Resolve(%q) = %v; want the workspace-itself error", p, err)
		}
	}
}

func TestPrepareAndWrite(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("one\ntwo\n"), 0o600)
	os.WriteFile(filepath.Join(ws, "b.txt"), []byte("two\n"), 0o644)
	root, err := os.OpenRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	ctx := context.Background()

	// A SEARCH that only exists in another file of the reply says so.
	plan := Prepare(ctx, root, []edit.Block{
		{Path: "b.txt", Search: "two\n", Replace: "2\n"},
		{Path: "a.txt", Search: "three\n", Replace: "3\n"},
		{Path: "a.txt", Search: "one\n", Replace: "1\n"},
		{Path: "dir", Search: "", Replace: "x\n"},
	})
	if plan.OK() || plan.Failed() != 1 {
		t.Fatalf("plan %+v", plan.Results)
	}
	var nm *edit.NoMatchError
	if !errors.As(plan.Results[1].Err, &nm) || len(nm.Elsewhere) != 0 {
		t.Fatalf("block 2: %v", plan.Results[1].Err)
	}
	if err := plan.Write(ctx); err == nil {
		t.Fatal("a failed plan was written")
	}

	plan = Prepare(ctx, root, []edit.Block{{Path: "a.txt", Search: "two\n", Replace: "2\n"},
		{Path: "b.txt", Search: "nothing\n", Replace: "x\n"}})
	if !errors.As(plan.Results[1].Err, &nm) || len(nm.Elsewhere) != 0 {
		t.Fatalf("block 2: %v", plan.Results[1].Err)
	}
	plan = Prepare(ctx, root, []edit.Block{{Path: "b.txt", Search: "one\n", Replace: "x\n"},
		{Path: "a.txt", Search: "two\n", Replace: "2\n"}})
	if !errors.As(plan.Results[0].Err, &nm) || len(nm.Elsewhere) != 0 {
		t.Fatalf("block 1: %v", plan.Results[0].Err)
	}

	os.Mkdir(filepath.Join(ws, "sub"), 0o755)
	plan = Prepare(ctx, root, []edit.Block{{Path: "sub", Search: "", Replace: "x\n"}})
	if plan.OK() || !strings.Contains(plan.Results[0].Err.Error(), "not a regular file") {
		t.Fatalf("directory target: %+v", plan.Results)
	}

	plan = Prepare(ctx, root, []edit.Block{
		{Path: "a.txt", Search: "one\n", Replace: "1\n"},
		{Path: "a.txt", Search: "1\ntwo\n", Replace: "1\n2\n"},
		{Path: "n/new.txt", Search: "", Replace: "new\n"},
	})
	if !plan.OK() || !plan.Results[2].Created {
		t.Fatalf("plan %+v", plan.Results)
	}
	if err := plan.Write(ctx); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "1\n2\n" {
		t.Fatalf("a.txt = %q", b)
	}
	if fi, _ := os.Stat(filepath.Join(ws, "a.txt")); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode not kept: %v", fi.Mode())
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "n/new.txt")); string(b) != "new\n" {
		t.Fatalf("new.txt = %q", b)
	}
}

// FuzzApplyReply parses arbitrary replies and applies them to a workspace
// that holds a symlink to a sibling directory: nothing may ever be created
// or changed outside the workspace.
func FuzzApplyReply(f *testing.F) {
	f.Add("../out/x\n<<<<<<< SEARCH\n=======\nowned\n>>>>>>> REPLACE\n")
	f.Add("link/x\n<<<<<<< SEARCH\n=======\nowned\n>>>>>>> REPLACE\n")
	f.Add("link/keep\n<<<<<<< SEARCH\nkeep\n=======\nowned\n>>>>>>> REPLACE\n")
	f.Add("in.txt\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n")
	f.Add("`a/../../out/keep`\n<<<<<<< SEARCH\nkeep\n=======\nx\n>>>>>>> REPLACE\n")
	base := f.TempDir()
	f.Fuzz(func(t *testing.T, reply string) {
		blocks, err := edit.ParseBlocks(reply)
		if err != nil || len(blocks) == 0 {
			return
		}
		dir, err := os.MkdirTemp(base, "case")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		ws, out := filepath.Join(dir, "ws"), filepath.Join(dir, "out")
		os.Mkdir(ws, 0o755)
		os.Mkdir(out, 0o755)
		os.WriteFile(filepath.Join(out, "keep"), []byte("keep\n"), 0o644)
		os.WriteFile(filepath.Join(ws, "in.txt"), []byte("a\n"), 0o644)
		os.Symlink(out, filepath.Join(ws, "link"))
		root, err := os.OpenRoot(ws)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		plan := Prepare(context.Background(), root, blocks)
		if plan.OK() {
			_ = plan.Write(context.Background())
		}
		n := 0
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				n++
			}
			return nil
		})
		if b, _ := os.ReadFile(filepath.Join(out, "keep")); string(b) != "keep\n" || n != 1 {
			t.Fatalf("escaped the workspace: keep=%q, %d files outside", b, n)
		}
	})
}

// TestWriteRollsBack: when a later file cannot be written, earlier ones are
// put back, so a reply never leaves the workspace half applied.
func TestWriteRollsBack(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("a\n"), 0o644)
	os.Mkdir(filepath.Join(ws, "ro"), 0o755)
	os.WriteFile(filepath.Join(ws, "ro", "b.txt"), []byte("b\n"), 0o644)
	root, err := os.OpenRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	plan := Prepare(context.Background(), root, []edit.Block{
		{Path: "a.txt", Search: "a\n", Replace: "A\n"},
		{Path: "new.txt", Search: "", Replace: "n\n"},
		{Path: "ro/b.txt", Search: "b\n", Replace: "B\n"},
	})
	if !plan.OK() {
		t.Fatalf("%+v", plan.Results)
	}
	// Someone replaces b.txt by a directory before the write: renaming
	// over a non-empty directory fails, even for root.
	os.Remove(filepath.Join(ws, "ro", "b.txt"))
	os.MkdirAll(filepath.Join(ws, "ro", "b.txt", "child"), 0o755)
	err = plan.Write(context.Background())
	if err == nil || !strings.Contains(err.Error(), "put back") {
		t.Fatalf("want a write error with rollback, got %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "a\n" {
		t.Fatalf("a.txt not put back: %q", b)
	}
	if _, err := os.Stat(filepath.Join(ws, "new.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("new.txt not removed")
	}
}
