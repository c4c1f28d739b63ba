package worktree

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// createSnapshot copies the project into the tree, then the tree into the
// base copy that Diff and Apply compare against (both by reflink where the
// file system can).
func (s *Store) createSnapshot(ctx context.Context, t *Tree) error {
	root, base := s.root(t.ID), s.base(t.ID)
	t.Path = root
	if err := os.MkdirAll(filepath.Dir(base), 0o700); err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	m, err := ignore.Load(t.Project, ignore.Options{})
	if err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	err = copyTree(ctx, t.Project, root, m)
	if err == nil {
		err = copyTree(ctx, root, base, nil)
	}
	if err != nil {
		_ = os.RemoveAll(root)
		_ = os.RemoveAll(base)
		return fmt.Errorf("worktree: copying %s: %w", t.Project, err)
	}
	return nil
}

// copyWorkers is how many files copyTree copies at once: the copies wait
// on the disk more than on a core.
var copyWorkers = 2 * runtime.GOMAXPROCS(0)

// copyTree copies the regular files, folders and symlinks under src that
// m does not ignore (all when m is nil) to dst, which must not exist. The
// walk makes each folder before the files in it, which copyWorkers copy.
func copyTree(ctx context.Context, src, dst string, m *ignore.Matcher) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var cloning atomic.Bool // until the file system says it cannot
	cloning.Store(true)
	type file struct {
		from, to string
		perm     fs.FileMode
	}
	files := make(chan file, 256)
	var (
		wg       sync.WaitGroup
		failOnce sync.Once
		failed   error
	)
	for range copyWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range files {
				if ctx.Err() != nil {
					continue // drain: the walk stops at its next file
				}
				if err := copyFile(f.from, f.to, f.perm, &cloning); err != nil {
					failOnce.Do(func() { failed = err; cancel(err) })
				}
			}
		}()
	}
	walked := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if rel != "." && m != nil && m.IgnoredHere(rel, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.Mkdir(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			fi, err := d.Info()
			if err != nil {
				return err
			}
			select {
			case files <- file{p, target, fi.Mode().Perm()}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil // sockets, devices and pipes are not a project's content
	})
	close(files)
	wg.Wait()
	if failed != nil {
		return failed
	}
	return walked
}

// copyFile clones src to dst where the file system shares blocks, and
// copies the bytes where it does not; a file system that refused one clone
// is not asked again (cloning turns false), as each refused try costs a
// file made and removed.
func copyFile(src, dst string, perm fs.FileMode, cloning *atomic.Bool) error {
	if cloning.Load() {
		err := cloneFile(src, dst)
		if err == nil {
			return os.Chmod(dst, perm)
		}
		if errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EOPNOTSUPP) ||
			errors.Is(err, syscall.EXDEV) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTTY) {
			cloning.Store(false)
		}
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, perm) // the umask must not narrow it
}

// snapshotChanges compares the tree with its base copy; what the tree's
// ignore rules skip (a node_modules the agent installed) is left out.
func (s *Store) snapshotChanges(ctx context.Context, t *Tree) ([]change, error) {
	root, base := s.root(t.ID), s.base(t.ID)
	m, err := ignore.Load(root, ignore.Options{})
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	now, err := listFiles(ctx, root, m)
	if err != nil {
		return nil, err
	}
	then, err := listFiles(ctx, base, m)
	if err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(now))
	for p := range now {
		paths = append(paths, p)
	}
	for p := range then {
		if _, ok := now[p]; !ok {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var out []change
	for _, p := range paths {
		c := change{path: p}
		if _, ok := then[p]; ok {
			if c.old, err = readBlob(filepath.Join(base, filepath.FromSlash(p))); err != nil {
				return nil, err
			}
		}
		if _, ok := now[p]; ok {
			if c.new, err = readBlob(filepath.Join(root, filepath.FromSlash(p))); err != nil {
				return nil, err
			}
		}
		if !c.old.same(c.new) {
			out = append(out, c)
		}
	}
	return out, nil
}

// listFiles is the slash-separated paths of the files and symlinks under
// dir that m does not ignore.
func listFiles(ctx context.Context, dir string, m *ignore.Matcher) (map[string]bool, error) {
	got := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if m.IgnoredHere(rel, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0 {
			got[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("worktree: reading %s: %w", dir, err)
	}
	return got, nil
}

// blob is one side of a change: a file's content and mode (0o644, 0o755
// or fs.ModeSymlink, whose content is the link's target).
type blob struct {
	data []byte
	mode fs.FileMode
}

func (b *blob) same(o *blob) bool {
	if b == nil || o == nil {
		return b == nil && o == nil
	}
	return b.mode == o.mode && bytes.Equal(b.data, o.data)
}

// readBlob reads the file at p as a blob; nil when there is none.
func readBlob(p string) (*blob, error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(p)
		if err != nil {
			return nil, fmt.Errorf("worktree: %w", err)
		}
		return &blob{data: []byte(filepath.ToSlash(link)), mode: fs.ModeSymlink}, nil
	case fi.Mode().IsRegular():
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("worktree: %w", err)
		}
		mode := fs.FileMode(0o644)
		if fi.Mode().Perm()&0o100 != 0 {
			mode = 0o755
		}
		return &blob{data: b, mode: mode}, nil
	}
	return nil, fmt.Errorf("worktree: %s is neither a file nor a link", p)
}
