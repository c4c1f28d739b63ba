package worktree_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/worktree"
)

// lines is n numbered lines.
func lines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// Applying two of three changed files brings those two only; the tree
// stays until the third is applied too, then it is removed.
func TestApplySelectedFiles(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "gone.txt": "bye\n"})
			s := worktree.NewStore(t.TempDir())
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tr.Path, "a.txt"), "a, changed\n")
			write(t, filepath.Join(tr.Path, "b.txt"), "b, changed\n")
			write(t, filepath.Join(tr.Path, "c.txt"), "c is new\n")
			cs, err := s.Changes(t.Context(), tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cs {
				got = append(got, c.Path+":"+c.Status)
			}
			if want := []string{"a.txt:modified", "b.txt:modified", "c.txt:added"}; !slices.Equal(got, want) {
				t.Fatalf("Changes = %v, want %v", got, want)
			}
			res, err := s.ApplySelected(t.Context(), tr.ID, worktree.Selection{"a.txt": nil, "c.txt": {}})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Files, []string{"a.txt", "c.txt"}) || res.Removed {
				t.Fatalf("ApplySelected = %+v", res)
			}
			if read(t, filepath.Join(dir, "a.txt")) != "a, changed\n" || read(t, filepath.Join(dir, "c.txt")) != "c is new\n" {
				t.Error("the chosen files did not land")
			}
			if read(t, filepath.Join(dir, "b.txt")) != "b\n" {
				t.Error("b.txt, not chosen, changed in the folder")
			}
			if !exists(tr.Path) {
				t.Fatal("the tree was removed with a change still unapplied")
			}
			cs, err = s.Changes(t.Context(), tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, c := range cs {
				if !c.Applied {
					got = append(got, c.Path)
				}
			}
			if !slices.Equal(got, []string{"b.txt"}) {
				t.Errorf("left to apply: %v, want b.txt", got)
			}
			res, err = s.ApplySelected(t.Context(), tr.ID, worktree.Selection{"b.txt": nil})
			if err != nil || !res.Removed {
				t.Fatalf("applying the rest = %+v, %v; want the tree removed", res, err)
			}
			if exists(tr.Path) {
				t.Error("the tree is still there after everything was applied")
			}
		})
	}
}

// Of a file's two hunks, taking the second brings its lines only.
func TestApplySelectedHunk(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			start := lines(40)
			dir := k.make(t, map[string]string{"f.txt": start})
			s := worktree.NewStore(t.TempDir())
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			changed := strings.Replace(strings.Replace(start, "line 2\n", "line two\n", 1), "line 35\n", "line thirty-five\n", 1)
			write(t, filepath.Join(tr.Path, "f.txt"), changed)
			cs, err := s.Changes(t.Context(), tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) != 1 || len(cs[0].Hunks) != 2 {
				t.Fatalf("Changes = %+v, want one file of two hunks", cs)
			}
			if !strings.Contains(cs[0].Hunks[1], "+line thirty-five") || strings.Contains(cs[0].Hunks[1], "line two") {
				t.Fatalf("hunk 1 = %q", cs[0].Hunks[1])
			}
			res, err := s.ApplySelected(t.Context(), tr.ID, worktree.Selection{"f.txt": {1}})
			if err != nil || res.Removed {
				t.Fatalf("ApplySelected = %+v, %v", res, err)
			}
			want := strings.Replace(start, "line 35\n", "line thirty-five\n", 1)
			if got := read(t, filepath.Join(dir, "f.txt")); got != want {
				t.Fatalf("folder's f.txt =\n%s\nwant\n%s", got, want)
			}
			// The other hunk still merges over the partial apply.
			res, err = s.ApplySelected(t.Context(), tr.ID, worktree.Selection{"f.txt": {0}})
			if err != nil || !res.Removed {
				t.Fatalf("second hunk = %+v, %v", res, err)
			}
			if got := read(t, filepath.Join(dir, "f.txt")); got != changed {
				t.Fatalf("folder's f.txt =\n%s\nwant\n%s", got, changed)
			}
		})
	}
}

// A chosen file the folder changed differently refuses the whole apply:
// nothing of the selection lands.
func TestApplySelectedConflictLeavesTheFolderUntouched(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := k.make(t, map[string]string{"a.txt": "one\ntwo\nthree\n"})
			s := worktree.NewStore(t.TempDir())
			tr, err := s.Create(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tr.Path, "a.txt"), "one\nTREE\nthree\n")
			write(t, filepath.Join(tr.Path, "new.txt"), "new\n")
			write(t, filepath.Join(dir, "a.txt"), "one\nFOLDER\nthree\n")
			before := digest(t, dir)
			_, err = s.ApplySelected(t.Context(), tr.ID, worktree.Selection{"a.txt": {0}, "new.txt": nil})
			var ce *worktree.ConflictError
			if !errors.As(err, &ce) || !slices.Equal(ce.Files, []string{"a.txt"}) {
				t.Fatalf("ApplySelected = %v, want a conflict in a.txt", err)
			}
			if digest(t, dir) != before {
				t.Fatal("the folder changed on a refused apply")
			}
		})
	}
}

func TestApplySelectedRefusesWhatIsNotThere(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": "a\n"})
	s := worktree.NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(tr.Path, "a.txt"), "A\n")
	for _, sel := range []worktree.Selection{{}, {"nope.txt": nil}, {"a.txt": {3}}} {
		var se *worktree.SelectionError
		if _, err := s.ApplySelected(t.Context(), tr.ID, sel); !errors.As(err, &se) {
			t.Errorf("ApplySelected(%v) = %v, want a SelectionError", sel, err)
		}
	}
	if read(t, filepath.Join(dir, "a.txt")) != "a\n" {
		t.Error("a refused selection changed the folder")
	}
}

// Commit puts the tree's changes on its branch, leaves the folder as it
// was and keeps the tree; a snapshot has no branch.
func TestCommitOnTheBranch(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": "a\n"})
	s := worktree.NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(t.Context(), tr.ID, "nothing yet"); !errors.Is(err, worktree.ErrNothingToCommit) {
		t.Errorf("Commit of an unchanged tree = %v", err)
	}
	write(t, filepath.Join(tr.Path, "a.txt"), "a, changed\n")
	write(t, filepath.Join(tr.Path, "b.txt"), "b is new\n")
	before := digest(t, dir)
	sha, err := s.Commit(t.Context(), tr.ID, "Agent's work\n\nin two files")
	if err != nil {
		t.Fatal(err)
	}
	if got := gitT(t, dir, "rev-parse", tr.Branch); strings.TrimSpace(got) != sha {
		t.Errorf("branch %s at %s, want %s", tr.Branch, got, sha)
	}
	if got := gitT(t, dir, "log", "-1", "--format=%s", tr.Branch); strings.TrimSpace(got) != "Agent's work" {
		t.Errorf("commit subject = %q", got)
	}
	if got := gitT(t, dir, "show", tr.Branch+":b.txt"); strings.TrimSpace(got) != "b is new" {
		t.Errorf("b.txt on the branch = %q", got)
	}
	if digest(t, dir) != before {
		t.Error("committing on the branch changed the folder")
	}
	if cs, err := s.Changes(t.Context(), tr.ID); err != nil || len(cs) != 2 {
		t.Errorf("Changes after the commit = %+v, %v; want both files still to review", cs, err)
	}

	snap := worktree.NewStore(t.TempDir())
	plain := t.TempDir()
	write(t, filepath.Join(plain, "x.txt"), "x\n")
	st, err := snap.Create(t.Context(), plain)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snap.Commit(t.Context(), st.ID, "msg"); !errors.Is(err, worktree.ErrSnapshot) {
		t.Errorf("Commit on a snapshot = %v", err)
	}
}
