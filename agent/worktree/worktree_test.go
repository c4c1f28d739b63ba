package worktree_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/worktree"
)

// kinds runs a test on a git repository and on a folder without git.
var kinds = []struct {
	name string
	make func(t *testing.T, files map[string]string) string
}{
	{"git", func(t *testing.T, files map[string]string) string { return newRepo(t, files) }},
	{"snapshot", func(t *testing.T, files map[string]string) string {
		dir := t.TempDir()
		for name, text := range files {
			write(t, filepath.Join(dir, name), text)
		}
		write(t, filepath.Join(dir, "node_modules", "dep", "index.js"), "module.exports = 1\n")
		return dir
	}},
}

func TestCreateMakesATreeOutsideTheFolder(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "one\n", "src/b.go": "package b\n", ".gitignore": "build/\n"})
			write(t, filepath.Join(dir, "build", "out.bin"), "built")
			data := t.TempDir()
			s := worktree.NewStore(data)
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(tr.Path, data) || strings.HasPrefix(tr.Path, dir) {
				t.Fatalf("tree at %s: want it under the data dir %s", tr.Path, data)
			}
			if got := read(t, filepath.Join(tr.Path, "src", "b.go")); got != "package b\n" {
				t.Fatalf("src/b.go in the tree = %q", got)
			}
			for _, skipped := range []string{"node_modules", "build"} {
				if exists(filepath.Join(tr.Path, skipped)) {
					t.Errorf("%s was copied into the tree", skipped)
				}
			}
			wantBranch := ""
			if k.name == "git" {
				wantBranch = "hearth/" + tr.ID
				if got := gitT(t, dir, "branch", "--list", wantBranch); got == "" {
					t.Errorf("no branch %s in the repository", wantBranch)
				}
				if exists(filepath.Join(tr.Path, "notes.txt")) {
					t.Error("an uncommitted file is in a tree made from HEAD")
				}
			}
			if tr.Branch != wantBranch || tr.Snapshot() != (k.name == "snapshot") {
				t.Errorf("branch %q snapshot %v", tr.Branch, tr.Snapshot())
			}
			if size, err := s.DiskSize(tr); err != nil || size < int64(len("package b\n")) {
				t.Errorf("DiskSize = %d, %v", size, err)
			}
			list, err := s.List(dir)
			if err != nil || len(list) != 1 || list[0].ID != tr.ID || list[0].Path != tr.Path {
				t.Fatalf("List = %+v, %v", list, err)
			}
			if other, _ := s.List(t.TempDir()); len(other) != 0 {
				t.Errorf("another folder lists %+v", other)
			}
		})
	}
}

// A write lands only in the tree; Diff shows it, Apply brings it (and a
// deletion and a new file) into the folder and removes the tree.
func TestWriteDiffApply(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "gone.txt": "bye\n", "keep.txt": "same\n"})
			s := worktree.NewStore(t.TempDir())
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			before := digest(t, dir)
			write(t, filepath.Join(tr.Path, "a.txt"), "one\nTWO\nthree\n")
			write(t, filepath.Join(tr.Path, "new", "c.txt"), "fresh\n")
			if err := os.Remove(filepath.Join(tr.Path, "gone.txt")); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tr.Path, "node_modules", "x.js"), "installed\n") // ignored: never landed
			if digest(t, dir) != before {
				t.Fatal("writing in the tree changed the folder")
			}
			changed, err := s.Changed(t.Context(), tr.ID)
			if want := []string{"a.txt", "gone.txt", "new/c.txt"}; err != nil || !slices.Equal(changed, want) {
				t.Fatalf("Changed = %q, %v; want %q", changed, err, want)
			}
			diff, err := s.Diff(t.Context(), tr.ID[:4])
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"-two", "+TWO", "+fresh", "-bye", "a/a.txt", "b/new/c.txt"} {
				if !strings.Contains(diff, want) {
					t.Errorf("diff lacks %q:\n%s", want, diff)
				}
			}
			if strings.Contains(diff, "keep.txt") || strings.Contains(diff, "node_modules") {
				t.Errorf("diff shows an unchanged or ignored file:\n%s", diff)
			}
			// The folder's own edit elsewhere in a changed file merges.
			write(t, filepath.Join(dir, "a.txt"), "one\ntwo\nthree\nfour\n")
			applied, err := s.Apply(t.Context(), tr.ID)
			if want := []string{"a.txt", "gone.txt", "new/c.txt"}; err != nil || !slices.Equal(applied, want) {
				t.Fatalf("Apply = %q, %v; want %q", applied, err, want)
			}
			if got := read(t, filepath.Join(dir, "a.txt")); got != "one\nTWO\nthree\nfour\n" {
				t.Errorf("a.txt = %q, want both edits", got)
			}
			if got := read(t, filepath.Join(dir, "new", "c.txt")); got != "fresh\n" {
				t.Errorf("new/c.txt = %q", got)
			}
			if exists(filepath.Join(dir, "gone.txt")) || exists(filepath.Join(dir, "node_modules", "x.js")) {
				t.Error("the deletion was not applied, or an ignored file was")
			}
			if exists(tr.Path) {
				t.Error("the tree is still there after a clean apply")
			}
			if list, _ := s.List(dir); len(list) != 0 {
				t.Errorf("still listed: %+v", list)
			}
			if k.name == "git" {
				if got := gitT(t, dir, "branch", "--list", tr.Branch); got != "" {
					t.Errorf("branch %s left after apply", tr.Branch)
				}
			}
		})
	}
}

// A file the folder changed differently stops Apply before it writes
// anything, the clean file included; the tree stays to be looked at.
func TestApplyConflictLeavesTheFolderUntouched(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "bee\n"})
			s := worktree.NewStore(t.TempDir())
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tr.Path, "a.txt"), "one\nTREE\nthree\n")
			write(t, filepath.Join(tr.Path, "b.txt"), "bee, changed\n")
			write(t, filepath.Join(tr.Path, "z.txt"), "new\n")
			write(t, filepath.Join(dir, "a.txt"), "one\nFOLDER\nthree\n")
			before := digest(t, dir)
			var status string
			if k.name == "git" {
				status = gitT(t, dir, "status", "--porcelain")
			}
			_, err = s.Apply(t.Context(), tr.ID)
			var ce *worktree.ConflictError
			if !errors.As(err, &ce) || !slices.Equal(ce.Files, []string{"a.txt"}) {
				t.Fatalf("Apply = %v, want a conflict in a.txt", err)
			}
			if got := digest(t, dir); got != before {
				t.Fatalf("the folder changed:\n%s\nwas\n%s", got, before)
			}
			if k.name == "git" && gitT(t, dir, "status", "--porcelain") != status {
				t.Error("git status changed")
			}
			if !exists(filepath.Join(tr.Path, "b.txt")) {
				t.Error("the tree was removed after a refused apply")
			}
		})
	}
}

func TestDiscardRemovesTreeAndBranch(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "one\n"})
			data := t.TempDir()
			s := worktree.NewStore(data)
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tr.Path, "a.txt"), "changed\n")
			before := digest(t, dir)
			if err := s.Discard(t.Context(), tr.ID); err != nil {
				t.Fatal(err)
			}
			if exists(tr.Path) {
				t.Error("the tree is still there")
			}
			if entries, _ := os.ReadDir(filepath.Join(data, "worktrees")); len(entries) != 0 {
				t.Errorf("left in the data dir: %v", entries)
			}
			if digest(t, dir) != before {
				t.Error("discarding changed the folder")
			}
			if _, err := s.Get(tr.ID); !errors.Is(err, worktree.ErrNotFound) {
				t.Errorf("Get after discard = %v", err)
			}
			if err := s.Discard(t.Context(), tr.ID); !errors.Is(err, worktree.ErrNotFound) {
				t.Errorf("second Discard = %v", err)
			}
			if k.name == "git" {
				if got := gitT(t, dir, "branch", "--list", "hearth/*"); got != "" {
					t.Errorf("branches left: %s", got)
				}
				if got := gitT(t, dir, "worktree", "list"); strings.Contains(got, tr.ID) {
					t.Errorf("git still lists the worktree: %s", got)
				}
			}
		})
	}
}

// A project that is a repository's subfolder works in the same subfolder
// of its tree, and lands only what changed there.
func TestSubfolderOfARepository(t *testing.T) {
	repo := newRepo(t, map[string]string{"app/a.txt": "a\n", "other/b.txt": "b\n"})
	dir := filepath.Join(repo, "app")
	s := worktree.NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(tr.Path) != "app" || read(t, filepath.Join(tr.Path, "a.txt")) != "a\n" {
		t.Fatalf("tree path %s", tr.Path)
	}
	write(t, filepath.Join(tr.Path, "a.txt"), "A\n")
	write(t, filepath.Join(tr.Path, "..", "other", "b.txt"), "B\n")
	diff, err := s.Diff(t.Context(), tr.ID)
	if err != nil || !strings.Contains(diff, "a/a.txt") || strings.Contains(diff, "b.txt") {
		t.Fatalf("diff = %q, %v", diff, err)
	}
	if _, err := s.Apply(t.Context(), tr.ID); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "a.txt")) != "A\n" || read(t, filepath.Join(repo, "other", "b.txt")) != "b\n" {
		t.Error("apply landed the wrong files")
	}
}

func TestUnknownIDs(t *testing.T) {
	s := worktree.NewStore(t.TempDir())
	for name, f := range map[string]func() error{
		"diff":    func() error { _, err := s.Diff(t.Context(), "nope"); return err },
		"apply":   func() error { _, err := s.Apply(t.Context(), "nope"); return err },
		"discard": func() error { return s.Discard(t.Context(), "nope") },
	} {
		if err := f(); !errors.Is(err, worktree.ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", name, err)
		}
	}
}

// Files git converts on checkout (here to CRLF) compare in their checkout
// form: an untouched folder file takes the tree's edit without a conflict.
func TestApplyComparesCheckedOutFiles(t *testing.T) {
	dir := newRepo(t, map[string]string{".gitattributes": "*.txt text eol=crlf\n", "a.txt": "one\ntwo\n"})
	gitT(t, dir, "rm", "-q", "--cached", "a.txt")
	gitT(t, dir, "checkout", "-q", "HEAD", "--", "a.txt")
	if got := read(t, filepath.Join(dir, "a.txt")); got != "one\r\ntwo\r\n" {
		t.Fatalf("checked out a.txt = %q, want CRLF", got)
	}
	s := worktree.NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(tr.Path, "a.txt"), "one\r\nTWO\r\n")
	if _, err := s.Apply(t.Context(), tr.ID); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "a.txt")); got != "one\r\nTWO\r\n" {
		t.Errorf("a.txt = %q", got)
	}
}
