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

// Warning is one line naming the items held back, for a headless run, or ""
// when nothing is.
func Warning(st []Status) string {
	var names []string
	changed := false
	for _, s := range st {
		if s.Trusted {
			continue
		}
		note := s.Brief
		if s.Changed {
			note, changed = "changed since trusted; "+note, true
		}
		names = append(names, fmt.Sprintf("%s (%s)", clean(s.Path), note))
	}
	if len(names) == 0 {
		return ""
	}
	head := "untrusted workspace: ignoring "
	if changed && len(names) == 1 {
		head = "workspace item not trusted: ignoring "
	}
	if len(names) > 6 {
		names = append(names[:6], fmt.Sprintf("and %d more", len(names)-6))
	}
	return head + strings.Join(names, ", ") + "; run with --trust or trust it in the app"
}
