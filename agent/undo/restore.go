package undo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

// Report says what Undo or Redo did, by workspace-relative path.
type Report struct {
	Restored []string // written back to their earlier content
	Deleted  []string // created by the turn (or the redo), removed
	// Conflicts were changed by someone else since the turn (or the undo)
	// and were left alone; pass force to overwrite them.
	Conflicts []string
}

// Undo puts every file the turn touched back as it was before the turn,
// byte for byte with its mode, and deletes files the turn created. A file
// changed since the turn is listed in Conflicts and left alone unless
// force. Undoing twice is a no-op for files already undone.
func (t *Turn) Undo(ctx context.Context, force bool) (*Report, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.finish(ctx, false); err != nil {
		return nil, err
	}
	return t.move(ctx, force, true)
}

// Redo reapplies an undone turn: each undone file goes back to the state
// the turn left it in, with the same conflict rule as Undo.
func (t *Turn) Redo(ctx context.Context, force bool) (*Report, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.move(ctx, force, false)
}

// move takes each file from one recorded state to the other: undo goes
// After -> Before, redo Before -> After.
func (t *Turn) move(ctx context.Context, force, undo bool) (*Report, error) {
	root, err := t.openRoot()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	rep := &Report{}
	var errs []error
	for i := range t.m.Files {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		f := &t.m.Files[i]
		if f.Undone == undo || f.After == nil {
			continue
		}
		from, to := *f.After, f.Before
		if !undo {
			from, to = f.Before, *f.After
		}
		cur, _, err := t.read(ctx, root, f.Path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !cur.same(from) && !force {
			rep.Conflicts = append(rep.Conflicts, f.Path)
			continue
		}
		if err := t.put(ctx, root, f.Path, to); err != nil {
			errs = append(errs, err)
			continue
		}
		if to.Exists {
			rep.Restored = append(rep.Restored, f.Path)
		} else {
			if cur.Exists {
				rep.Deleted = append(rep.Deleted, f.Path)
			}
			for _, d := range f.NewDirs {
				_ = root.Remove(d) // fails, as it should, when something else is in it
			}
		}
		f.Undone = undo
	}
	if err := t.s.saveManifest(t.m); err != nil {
		errs = append(errs, err)
	}
	return rep, errors.Join(errs...)
}

// put makes rel match v: the snapshot content and mode, or absent.
func (t *Turn) put(ctx context.Context, root *os.Root, rel string, v version) error {
	if !v.Exists {
		err := root.Remove(rel)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("undo: removing %s: %w", rel, err)
		}
		return nil
	}
	b, err := t.s.blob(v.Blob)
	if err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	if t.files == nil {
		if err := atomicfile.Write(root, rel, b, v.Mode); err != nil {
			return fmt.Errorf("undo: %w", err)
		}
		return nil
	}
	if err := t.files.WriteFile(ctx, filepath.Join(t.m.Workspace, filepath.FromSlash(rel)), b); err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	if fi, err := root.Stat(rel); err == nil && fi.Mode().Perm() != v.Mode {
		_ = root.Chmod(rel, v.Mode) // the editor writes content, not modes
	}
	return nil
}
