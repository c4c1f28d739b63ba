package worktree

import (
	"context"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// contextLines is the unchanged lines shown around a hunk, as git shows.
const contextLines = udiff.DefaultContextLines

// FileChange is one file the worktree changed, for review: its diff
// against where the tree started, cut into the hunks that can be accepted
// one by one.
type FileChange struct {
	Path   string   `json:"path"`   // slash-separated, relative to the project folder
	Status string   `json:"status"` // added, deleted or modified
	Binary bool     `json:"binary"` // or a symlink: taken whole, never by hunk
	Hunks  []string `json:"hunks"`  // each a unified diff of one hunk, headers included
	// Applied says the folder already holds the file as the tree has it.
	Applied bool `json:"applied"`
}

// Changes lists what the worktree changed, file by file, with each text
// file's hunks numbered as ApplySelected takes them.
func (s *Store) Changes(ctx context.Context, id string) ([]FileChange, error) {
	t, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	cs, err := s.changes(ctx, t)
	if err != nil {
		return nil, err
	}
	out := make([]FileChange, 0, len(cs))
	for _, c := range cs {
		fc := review(c)
		cur, err := readBlob(filepath.Join(t.Project, filepath.FromSlash(c.path)))
		if err != nil {
			return nil, err
		}
		fc.Applied = cur.same(c.new)
		out = append(out, fc)
	}
	return out, nil
}

func review(c change) FileChange {
	fc := FileChange{Path: c.path, Status: "modified", Hunks: []string{}}
	switch {
	case c.old == nil:
		fc.Status = "added"
	case c.new == nil:
		fc.Status = "deleted"
	}
	old, new, ok := texts(c)
	if !ok {
		fc.Binary = true
		var b strings.Builder
		writeDiff(&b, c)
		fc.Hunks = append(fc.Hunks, b.String())
		return fc
	}
	from, to := "a/"+c.path, "b/"+c.path
	if c.old == nil {
		from = "/dev/null"
	}
	if c.new == nil {
		to = "/dev/null"
	}
	for _, h := range hunks(old, new) {
		text, err := udiff.ToUnified(from, to, old, h, contextLines)
		if err == nil && text != "" {
			fc.Hunks = append(fc.Hunks, text)
		}
	}
	return fc
}

// texts is both sides of a change as text; false when either is binary,
// a symlink, or only the file's mode changed (which has no hunk to take).
func texts(c change) (old, new string, ok bool) {
	for _, b := range []*blob{c.old, c.new} {
		if b != nil && (b.mode&fs.ModeSymlink != 0 || binary(b.data)) {
			return "", "", false
		}
	}
	if c.old != nil {
		old = string(c.old.data)
	}
	if c.new != nil {
		new = string(c.new.data)
	}
	if old == new {
		return "", "", false
	}
	return old, new, true
}

// hunks are the line edits from old to new grouped as a unified diff
// groups them: edits closer than twice the context lines share a hunk.
func hunks(old, new string) [][]udiff.Edit {
	var out [][]udiff.Edit
	last := -1
	for _, e := range udiff.Lines(old, new) {
		start := strings.Count(old[:e.Start], "\n")
		end := strings.Count(old[:e.End], "\n")
		if e.End == len(old) && len(old) > 0 && old[len(old)-1] != '\n' {
			end++
		}
		if len(out) == 0 || start > last+2*contextLines {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], e)
		last = end
	}
	return out
}

// takeHunks is old with only the chosen hunks (by index) of its change to
// new applied.
func takeHunks(old, new string, chosen []int) (string, error) {
	hs := hunks(old, new)
	var edits []udiff.Edit
	chosen = slices.Compact(slices.Sorted(slices.Values(chosen)))
	for _, i := range chosen {
		if i < 0 || i >= len(hs) {
			return "", &SelectionError{Reason: "no such hunk"}
		}
		edits = append(edits, hs[i]...)
	}
	return udiff.Apply(old, edits)
}
