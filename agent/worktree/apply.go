package worktree

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

// change is one file the tree changed: its base content (nil: added) and
// its content now (nil: deleted).
type change struct {
	path     string // slash-separated, relative to the project folder
	old, new *blob
}

func (s *Store) changes(ctx context.Context, t *Tree) ([]change, error) {
	if t.Snapshot() {
		return s.snapshotChanges(ctx, t)
	}
	return s.gitChanges(ctx, t)
}

// Changed is the paths the worktree changed against its base, relative to
// the project folder.
func (s *Store) Changed(ctx context.Context, id string) ([]string, error) {
	t, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	cs, err := s.changes(ctx, t)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.path
	}
	return out, nil
}

// Diff is the unified diff of the worktree against where it started, its
// untracked files included; "" when nothing changed.
func (s *Store) Diff(ctx context.Context, id string) (string, error) {
	t, err := s.Get(id)
	if err != nil {
		return "", err
	}
	if !t.Snapshot() {
		return s.gitDiff(ctx, t)
	}
	cs, err := s.snapshotChanges(ctx, t)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range cs {
		writeDiff(&b, c)
	}
	return b.String(), nil
}

func writeDiff(b *strings.Builder, c change) {
	fmt.Fprintf(b, "diff --git a/%s b/%s\n", c.path, c.path)
	from, to := "a/"+c.path, "b/"+c.path
	var old, new []byte
	switch {
	case c.old == nil:
		fmt.Fprintf(b, "new file mode %o\n", gitMode(c.new))
		from, new = "/dev/null", c.new.data
	case c.new == nil:
		fmt.Fprintf(b, "deleted file mode %o\n", gitMode(c.old))
		to, old = "/dev/null", c.old.data
	default:
		if c.old.mode != c.new.mode {
			fmt.Fprintf(b, "old mode %o\nnew mode %o\n", gitMode(c.old), gitMode(c.new))
		}
		old, new = c.old.data, c.new.data
	}
	if binary(old) || binary(new) {
		fmt.Fprintf(b, "Binary files %s and %s differ\n", from, to)
		return
	}
	b.WriteString(udiff.Unified(from, to, string(old), string(new)))
}

func gitMode(b *blob) int {
	switch b.mode {
	case fs.ModeSymlink:
		return 0o120000
	case 0o755:
		return 0o100755
	}
	return 0o100644
}

func binary(b []byte) bool { return bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 }

// Apply merges what the worktree changed into the project folder, three
// ways: a file the folder left as it was takes the tree's version, one
// both changed is merged line by line (git merge-file). If any file
// cannot be merged cleanly nothing is written and a *ConflictError names
// them all; otherwise the worktree is removed once its changes are in.
// It returns the paths it wrote or deleted.
func (s *Store) Apply(ctx context.Context, id string) ([]string, error) {
	t, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	cs, err := s.changes(ctx, t)
	if err != nil {
		return nil, err
	}
	done, err := s.land(ctx, t, cs)
	if err != nil {
		return nil, err
	}
	return done, s.Discard(ctx, t.ID)
}

// land merges the changes cs into t's project folder, all or nothing.
func (s *Store) land(ctx context.Context, t *Tree, cs []change) ([]string, error) {
	type write struct {
		path    string
		b, prev *blob // nil: delete, none
	}
	var plan []write
	var conflicts []string
	for _, c := range cs {
		cur, err := readBlob(filepath.Join(t.Project, filepath.FromSlash(c.path)))
		if err != nil {
			return nil, err
		}
		switch {
		case cur.same(c.new): // already so
		case cur.same(c.old):
			plan = append(plan, write{c.path, c.new, cur})
		default:
			merged, err := merge(ctx, cur, c.old, c.new)
			if errors.Is(err, errConflict) {
				conflicts = append(conflicts, c.path)
				continue
			}
			if err != nil {
				return nil, err
			}
			plan = append(plan, write{c.path, merged, cur})
		}
	}
	if len(conflicts) > 0 {
		return nil, &ConflictError{ID: t.ID, Files: conflicts}
	}
	root, err := os.OpenRoot(t.Project)
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	defer root.Close()
	done := make([]string, 0, len(plan))
	for i, w := range plan {
		if err := putFile(root, w.path, w.b); err != nil {
			// A write that fails (a full disk, a file made read-only)
			// takes back the ones before it: all or nothing.
			for _, u := range plan[:i] {
				_ = put(root, u.path, u.prev)
			}
			return nil, fmt.Errorf("worktree: applying %s: %w", w.path, err)
		}
		done = append(done, w.path)
	}
	return done, nil
}

// errConflict is a file the folder and the tree changed in ways that do
// not merge.
var errConflict = errors.New("conflict")

// merge is git merge-file's three-way merge of text files; anything else
// changed on both sides is a conflict.
func merge(ctx context.Context, cur, base, theirs *blob) (*blob, error) {
	if cur == nil || base == nil || theirs == nil ||
		cur.mode == fs.ModeSymlink || base.mode == fs.ModeSymlink || theirs.mode == fs.ModeSymlink ||
		binary(cur.data) || binary(base.data) || binary(theirs.data) {
		return nil, errConflict
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, errConflict
	}
	dir, err := os.MkdirTemp("", "hearth-merge-*")
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	defer os.RemoveAll(dir)
	names := []string{"current", "base", "theirs"}
	for i, b := range []*blob{cur, base, theirs} {
		if err := os.WriteFile(filepath.Join(dir, names[i]), b.data, 0o600); err != nil {
			return nil, fmt.Errorf("worktree: %w", err)
		}
	}
	out, err := git(ctx, dir, nil, nil, "merge-file", "-p", "--quiet", names[0], names[1], names[2])
	var ge *GitError
	if errors.As(err, &ge) && ge.exitCode() > 0 {
		return nil, errConflict
	}
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	mode := cur.mode
	if cur.mode == base.mode {
		mode = theirs.mode
	}
	return &blob{data: out, mode: mode}, nil
}

// putFile is put; tests make it fail part way.
var putFile = put

// put makes name in root what b says: a file written whole, a symlink, or
// nothing.
func put(root *os.Root, name string, b *blob) error {
	name = filepath.FromSlash(name)
	if b == nil {
		err := root.Remove(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if b.mode == fs.ModeSymlink {
		if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if dir := filepath.Dir(name); dir != "." {
			if err := root.MkdirAll(dir, 0o755); err != nil {
				return err
			}
		}
		return root.Symlink(filepath.FromSlash(string(b.data)), name)
	}
	if fi, err := root.Lstat(name); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if err := root.Remove(name); err != nil { // a link becomes a file, not its target's content
			return err
		}
	}
	return atomicfile.Write(root, name, b.data, b.mode)
}
