package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff"
	"github.com/hearth-agent/hearth/agent/settings"
)

// snapshotDir keeps the text of trusted files, by sha256, beside the
// record, so a review of a change can show a diff.
const snapshotDir = "trust-snapshots"

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Change is one file of an item that differs from what was trusted.
type Change struct {
	Path string `json:"path"`
	Diff string `json:"diff,omitempty"` // unified diff of a text file
	Note string `json:"note,omitempty"` // what changed when there is no diff
}

// ErrChangedSinceShown refuses to trust an item whose files changed after
// the person was shown it.
var ErrChangedSinceShown = errors.New("changed since it was shown; review it again")

// keep saves the text of each of an item's files as the person trusts it,
// checking that each is still what was shown.
func (s *Store) keep(ws string, it Item) error {
	rt, err := os.OpenRoot(ws)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	defer rt.Close()
	for _, f := range it.files {
		if !sha256Hex.MatchString(f.sum) || s.kept(f.sum) {
			continue
		}
		b, err := readFile(rt, f.path)
		if err != nil {
			continue // too large or unreadable now: the review will say it was not kept
		}
		if digest(b) != f.sum {
			return fmt.Errorf("trust: %s: %s %w", it.Path, f.path, ErrChangedSinceShown)
		}
		dir := filepath.Join(s.dir, snapshotDir)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		if err := settings.WriteFileAtomic(filepath.Join(dir, f.sum), b, 0o600); err != nil {
			return fmt.Errorf("trust: %w", err)
		}
	}
	return nil
}

// collect removes the kept texts no trusted item refers to any more; a
// failure only leaves a file behind.
func (s *Store) collect(rec *record) {
	used := map[string]bool{}
	for _, w := range rec.Workspaces {
		for _, files := range w.Files {
			for _, sum := range files {
				used[sum] = true
			}
		}
	}
	dir := filepath.Join(s.dir, snapshotDir)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !used[e.Name()] {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

func (s *Store) kept(sum string) bool {
	_, err := os.Stat(filepath.Join(s.dir, snapshotDir, sum))
	return err == nil
}

// Changes says what differs in item from the content trusted before: a
// diff for each text file, a note for anything else. It is empty for an
// item never trusted in ws or unchanged.
func (s *Store) Changes(ws string, item Item) []Change {
	return s.changesFrom(ws, ws, item)
}

// ChangesFromOrigin is Changes for an item of a worktree made from the
// folder origin, against what the person trusted there when the tree's
// own record has nothing of it.
func (s *Store) ChangesFromOrigin(tree, origin string, item Item) []Change {
	if out := s.Changes(tree, item); len(out) > 0 {
		return out
	}
	w, _, err := s.recordOf(tree)
	if err != nil || (w != nil && w.Items[item.Path] != "") {
		return nil
	}
	return s.changesFrom(origin, tree, item)
}

// changesFrom compares item, read in the folder at ws, with what
// recordWS's record trusted of it.
func (s *Store) changesFrom(recordWS, ws string, item Item) []Change {
	canon, err := Canonical(ws)
	if err != nil {
		return nil
	}
	rcanon, err := Canonical(recordWS)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	rec, err := s.load()
	s.mu.Unlock()
	if err != nil {
		return nil
	}
	w := rec.Workspaces[rcanon]
	if w == nil || w.Items[item.Path] == "" {
		return nil
	}
	// Read in another folder, the content is what counts, as the origin's
	// folder identity saw it.
	cur := item.Digest
	if rcanon != canon {
		cur = item.digestIn(w.Folder)
	}
	if w.Items[item.Path] == cur {
		return nil
	}
	var out []Change
	if rcanon == canon && w.Folder != "" && item.folder != "" && w.Folder != item.folder {
		out = append(out, Change{Path: ".", Note: ReasonOtherFolder})
	}
	before := w.Files[item.Path]
	now := map[string]string{}
	for _, f := range item.files {
		now[f.path] = f.sum
	}
	paths := append(sortedKeys(before), sortedKeys(now)...)
	slices.Sort(paths)
	rt, err := os.OpenRoot(canon)
	if err != nil {
		return out
	}
	defer rt.Close()
	for _, p := range slices.Compact(paths) {
		old, cur := before[p], now[p]
		if old == cur {
			continue
		}
		out = append(out, s.change(rt, p, old, cur))
	}
	return out
}

// change compares one file's trusted and current sums.
func (s *Store) change(rt *os.Root, path, old, cur string) Change {
	c := Change{Path: path}
	switch {
	case cur == "":
		c.Note = "no longer part of this item"
		return c
	case !sha256Hex.MatchString(cur):
		c.Note = "now " + cur + what(old, " (was %s)")
		return c
	case old != "" && !sha256Hex.MatchString(old):
		c.Note = "was " + old + ", now a file"
	}
	after, err := readFile(rt, path)
	if err != nil || digest(after) != cur {
		c.Note = "changed again while being read"
		return c
	}
	var prev []byte
	if sha256Hex.MatchString(old) {
		if prev, err = os.ReadFile(filepath.Join(s.dir, snapshotDir, old)); errors.Is(err, fs.ErrNotExist) {
			c.Note = "changed (the trusted version was not kept)"
			return c
		}
	}
	if !utf8.Valid(prev) || !utf8.Valid(after) {
		c.Note = "changed (not text)"
		return c
	}
	c.Diff = udiff.Unified("a/"+path, "b/"+path, string(prev), string(after))
	return c
}

func what(s, format string) string {
	if s == "" {
		return ""
	}
	if sha256Hex.MatchString(s) {
		s = "a file"
	}
	return fmt.Sprintf(format, s)
}
