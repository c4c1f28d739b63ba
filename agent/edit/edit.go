// Package edit applies SEARCH/REPLACE edits to the content of one file. It is
// the single edit engine behind the edit_file tool and `hearth apply`: every
// edit of a call applies or none does, a SEARCH must fit exactly one place
// (never "the first match"), and the file's conventions survive — line
// endings on every line, a missing final newline, a BOM, tabs.
//
// Matching is a ladder tried per edit; the first tier with any match decides:
// exact lines; lines equal once trailing spaces/tabs are ignored; a uniform
// indentation offset (re-applied to the REPLACE); then the same with a
// spurious blank first SEARCH line dropped; then "..." elision lines that
// split SEARCH and REPLACE into paired segments. There is deliberately no
// Unicode normalisation, tab/space conversion or edit-distance guessing: a
// wrong guess corrupts a file, a clear error costs one more turn.
package edit

import (
	"errors"
	"fmt"
	"strings"
)

// Edit replaces the lines Search with Replace. An empty (or blank-only)
// Search creates the file or appends to it: blank lines alone cannot pick a
// place. An empty Replace deletes the matched lines.
type Edit struct {
	Search  string `json:"search"`
	Replace string `json:"replace"`
}

// Options tune ApplyWith.
type Options struct {
	// Elsewhere, when set, is asked where else the SEARCH text of an edit
	// that matched nothing exists (for example "pkg/other.go:12"). The
	// answer only enriches the error; the edit is never applied there.
	Elsewhere func(search string) []string
}

// Apply applies edits in order, each against the content as changed by the
// ones before it, and returns the new content. On error content is unchanged
// and nothing is returned: all edits apply or none do.
func Apply(content []byte, edits []Edit) ([]byte, error) {
	return ApplyWith(content, edits, Options{})
}

// ApplyWith is Apply with options.
func ApplyWith(content []byte, edits []Edit, opt Options) ([]byte, error) {
	if len(edits) == 0 {
		return nil, ErrNoEdits
	}
	d := parseDoc(content)
	for i, e := range edits {
		if err := applyOne(d, e, opt); err != nil {
			return nil, &Error{Edit: i + 1, Of: len(edits), Err: err}
		}
	}
	return d.bytes(), nil
}

func applyOne(d *doc, e Edit, opt Options) error {
	search, repl := splitText(e.Search), splitText(e.Replace)
	if allBlank(search) {
		if len(repl) == 0 {
			return ErrEmptyEdit
		}
		d.splice(len(d.lines), len(d.lines), repl)
		return nil
	}
	file := d.texts()
	m, err := find(file, search, repl)
	if err != nil {
		return err
	}
	if m == nil {
		return noMatch(file, search, repl, e.Search, opt)
	}
	if len(m.segs) == 0 {
		d.splice(m.start, m.end, m.repl)
		return nil
	}
	// Elision segments were found in order; splice from the last so the
	// earlier indices stay valid.
	for i := len(m.segs) - 1; i >= 0; i-- {
		s := m.segs[i]
		d.splice(s.start, s.end, s.repl)
	}
	return nil
}

// found is the result of the whole ladder: one match, or one per elision
// segment.
type found struct {
	match
	segs []match
}

func find(file, search, repl []string) (*found, error) {
	if m, err := ladder(file, search, repl); m != nil || err != nil {
		return wrapFound(m), err
	}
	if len(search) > 1 && isBlank(search[0]) {
		r := repl
		if len(r) > 0 && isBlank(r[0]) {
			r = r[1:]
		}
		if m, err := ladder(file, search[1:], r); m != nil || err != nil {
			return wrapFound(m), err
		}
	}
	if hasElision(search) {
		return elide(file, search, repl)
	}
	return nil, nil
}

func wrapFound(m *match) *found {
	if m == nil {
		return nil
	}
	return &found{match: *m}
}

func isElision(l string) bool { return strings.Trim(l, " \t") == "..." }

func hasElision(lines []string) bool {
	for _, l := range lines {
		if isElision(l) {
			return true
		}
	}
	return false
}

func splitElision(lines []string) [][]string {
	var out [][]string
	cur := []string{}
	for _, l := range lines {
		if isElision(l) {
			out = append(out, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, l)
	}
	return append(out, cur)
}

// elide matches each SEARCH segment between "..." lines with the ladder, in
// order and without overlap, and pairs it with the REPLACE segment of the
// same position.
func elide(file, search, repl []string) (*found, error) {
	ss, rs := splitElision(search), splitElision(repl)
	if len(ss) != len(rs) {
		return nil, &ElisionError{Reason: fmt.Sprintf(
			"SEARCH has %d \"...\" lines but REPLACE has %d; they must pair up", len(ss)-1, len(rs)-1)}
	}
	f := &found{}
	from := 0
	for i := range ss {
		if allBlank(ss[i]) {
			if !allBlank(rs[i]) {
				return nil, &ElisionError{Reason: fmt.Sprintf(
					"segment %d has REPLACE text but no SEARCH text to place it", i+1)}
			}
			continue
		}
		m, err := ladder(file[from:], ss[i], rs[i])
		if err != nil {
			var amb *AmbiguousError
			if errors.As(err, &amb) {
				for k := range amb.Lines {
					amb.Lines[k] += from
				}
				amb.Segment = i + 1
			}
			return nil, err
		}
		if m == nil {
			return nil, nil
		}
		m.start += from
		m.end += from
		f.segs = append(f.segs, *m)
		from = m.end
	}
	if len(f.segs) == 0 {
		return nil, nil
	}
	return f, nil
}

// Locate returns the 1-based line numbers where search fits content at the
// first tier that matches anything (exact, trailing whitespace, indentation
// offset). It never changes anything; callers use it to build the
// Options.Elsewhere finder over other files.
func Locate(content []byte, search string) []int {
	s := splitText(search)
	if allBlank(s) {
		return nil
	}
	file := parseDoc(content).texts()
	for _, t := range []Tier{TierExact, TierTrailing, TierIndent} {
		if starts := findTier(t, file, s); len(starts) > 0 {
			for i := range starts {
				starts[i]++
			}
			return starts
		}
	}
	return nil
}
