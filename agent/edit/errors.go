package edit

import (
	"errors"
	"fmt"
	"strings"
)

var (
	// ErrNoEdits reports a call with an empty list of edits.
	ErrNoEdits = errors.New("no edits given")
	// ErrEmptyEdit reports an edit with neither SEARCH nor REPLACE text.
	ErrEmptyEdit = errors.New("both SEARCH and REPLACE are empty")
)

// Error wraps the failure of one edit of a call with its position; errors.As
// reaches the typed cause (*NoMatchError, *AmbiguousError, *ElisionError).
type Error struct {
	Edit int // 1-based
	Of   int
	Err  error
}

func (e *Error) Error() string {
	if e.Of <= 1 {
		return e.Err.Error()
	}
	return fmt.Sprintf("edit %d of %d (so none of the %d was applied): %v", e.Edit, e.Of, e.Of, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// AmbiguousError reports a SEARCH text that fits several places at the same
// tier. Lines lists every match's first line (1-based).
type AmbiguousError struct {
	Tier    Tier
	Lines   []int
	Segment int // the "..." segment that was ambiguous, 0 when there were none
}

func (e *AmbiguousError) Error() string {
	nums := make([]string, len(e.Lines))
	for i, n := range e.Lines {
		nums[i] = fmt.Sprint(n)
	}
	where := "the SEARCH text"
	if e.Segment > 0 {
		where = fmt.Sprintf("segment %d of the SEARCH text", e.Segment)
	}
	how := ""
	if e.Tier != TierExact {
		how = " (" + string(e.Tier) + ")"
	}
	return fmt.Sprintf("%s matches %d places%s, at lines %s; add surrounding lines to make it unique",
		where, len(e.Lines), how, strings.Join(nums, ", "))
}

// ElisionError reports "..." lines in SEARCH and REPLACE that do not pair up.
type ElisionError struct{ Reason string }

func (e *ElisionError) Error() string { return "cannot use the \"...\" lines: " + e.Reason }

// NoMatchError reports a SEARCH text that fits nowhere, with what can help
// the model (or a person) correct it.
type NoMatchError struct {
	// Closest is the run of real file lines most of the SEARCH lines agree
	// with (ignoring surrounding whitespace), empty when no run is close.
	Closest      []string
	ClosestStart int // 1-based line number of Closest[0]
	Agree, Of    int // how many non-blank SEARCH lines agree, out of how many
	// AlreadyAt is the 1-based line where the REPLACE text already is, 0
	// when it is not present: the edit was probably applied before.
	AlreadyAt int
	// Elsewhere lists other places (as the Options.Elsewhere finder put
	// them) where the SEARCH text exists. Nothing was applied there.
	Elsewhere []string
}

func (e *NoMatchError) Error() string {
	var b strings.Builder
	b.WriteString("the SEARCH text does not match the file")
	if e.AlreadyAt > 0 {
		fmt.Fprintf(&b, "; the REPLACE text is already present at line %d, so this edit may already be applied", e.AlreadyAt)
	}
	if len(e.Closest) > 0 {
		fmt.Fprintf(&b, "\nclosest lines in the file (%d of %d SEARCH lines agree; SEARCH must match them exactly):\n",
			e.Agree, e.Of)
		for i, l := range e.Closest {
			fmt.Fprintf(&b, "%6d| %s\n", e.ClosestStart+i, l)
		}
	}
	if len(e.Elsewhere) > 0 {
		fmt.Fprintf(&b, "\nthe SEARCH text exists elsewhere: %s (not applied there; edit that file if it is the one you meant)",
			strings.Join(e.Elsewhere, ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}
