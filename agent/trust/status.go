package trust

import (
	"fmt"
	"strings"
)

// Status is an item with the answer for it.
type Status struct {
	Item
	Trusted bool
	Changed bool // trusted once, changed since
	Reason  string
}

// Check answers Trusted for each item.
func (s *Store) Check(ws string, items []Item) []Status {
	out := make([]Status, 0, len(items))
	for _, it := range items {
		out = append(out, verdict(s, ws, it))
	}
	return out
}

// Warning names the items held back, for a headless run: one line for the
// untrusted, then one per file that cannot be read strictly (which no
// trust makes take effect); "" when nothing is held.
func Warning(st []Status) string {
	var names, broken []string
	changed := false
	for _, s := range st {
		switch {
		case s.Trusted:
		case s.Err != "":
			broken = append(broken, fmt.Sprintf("cannot read %s strictly, so nothing in it takes effect: %s", clean(s.Path), s.Err))
		default:
			note := s.Brief
			if s.Changed {
				note, changed = "changed since trusted; "+note, true
			}
			names = append(names, fmt.Sprintf("%s (%s)", clean(s.Path), note))
		}
	}
	var lines []string
	if len(names) > 0 {
		head := "untrusted workspace: ignoring "
		if changed && len(names) == 1 {
			head = "workspace item not trusted: ignoring "
		}
		if len(names) > 6 {
			names = append(names[:6], fmt.Sprintf("and %d more", len(names)-6))
		}
		lines = append(lines, head+strings.Join(names, ", ")+"; run with --trust or trust it in the app")
	}
	return strings.Join(append(lines, broken...), "\n")
}
