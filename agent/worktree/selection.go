package worktree

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
)

// Selection chooses what of a worktree's changes ApplySelected lands: a
// file's path (as Changes names it) to the hunks taken, by their index in
// FileChange.Hunks; nil or empty takes the whole file.
type Selection map[string][]int

// SelectionError is a Selection that names what the worktree did not
// change, or a hunk of a file that can only be taken whole.
type SelectionError struct {
	Path, Reason string
}

func (e *SelectionError) Error() string {
	if e.Path == "" {
		return "worktree: " + e.Reason
	}
	return fmt.Sprintf("worktree: %s: %s", e.Path, e.Reason)
}

// Applied is what ApplySelected did.
type Applied struct {
	// Files were written or deleted in the folder.
	Files []string
	// Removed says the folder now holds every change of the worktree, so
	// the worktree (and its branch) was removed.
	Removed bool
}

// ApplySelected merges the chosen files and hunks of the worktree into the
// project folder, three ways and all or nothing as Apply does (a
// *ConflictError leaves the folder as it was). The worktree stays until
// the folder holds all it changed; then it is removed.
func (s *Store) ApplySelected(ctx context.Context, id string, sel Selection) (Applied, error) {
	t, err := s.Get(id)
	if err != nil {
		return Applied{}, err
	}
	if len(sel) == 0 {
		return Applied{}, &SelectionError{Reason: "nothing was chosen"}
	}
	cs, err := s.changes(ctx, t)
	if err != nil {
		return Applied{}, err
	}
	var take []change
	for path, hunks := range sel {
		i := slices.IndexFunc(cs, func(c change) bool { return c.path == path })
		if i < 0 {
			return Applied{}, &SelectionError{Path: path, Reason: "the worktree did not change it"}
		}
		c, err := chosen(cs[i], hunks)
		if err != nil {
			return Applied{}, err
		}
		take = append(take, c)
	}
	slices.SortFunc(take, func(a, b change) int { return compare(a.path, b.path) })
	files, err := s.land(ctx, t, take)
	if err != nil {
		return Applied{}, err
	}
	out := Applied{Files: files}
	for _, c := range cs {
		cur, err := readBlob(filepath.Join(t.Project, filepath.FromSlash(c.path)))
		if err != nil || !cur.same(c.new) {
			return out, err
		}
	}
	if err := s.Discard(ctx, t.ID); err != nil {
		return out, err
	}
	out.Removed = true
	return out, nil
}

// chosen is c cut down to the hunks named (all of it for none).
func chosen(c change, hunks []int) (change, error) {
	if len(hunks) == 0 {
		return c, nil
	}
	old, new, ok := texts(c)
	if !ok {
		return change{}, &SelectionError{Path: c.path, Reason: "a binary file, link or mode change is taken whole"}
	}
	data, err := takeHunks(old, new, hunks)
	if err != nil {
		if se, ok := err.(*SelectionError); ok {
			se.Path = c.path
		}
		return change{}, err
	}
	mode := c.new
	if mode == nil {
		mode = c.old
	}
	if c.new == nil && data == "" {
		return c, nil // every line of a deleted file: the deletion
	}
	return change{path: c.path, old: c.old, new: &blob{data: []byte(data), mode: mode.mode}}, nil
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
