package edit

import "strings"

// Tier names a rung of the matching ladder. Each tier is tried only when the
// ones before it found nothing.
type Tier string

const (
	TierExact    Tier = "exact"
	TierTrailing Tier = "ignoring trailing whitespace"
	TierIndent   Tier = "with a uniform indentation offset"
)

// match is one place a SEARCH text fits, with the REPLACE lines adjusted to
// the file (indentation re-applied).
type match struct {
	start, end int
	repl       []string
}

// ladder finds the single place search fits in file, trying the tiers in
// order. It returns no match and a nil error when no tier matches, and an
// *AmbiguousError when the first tier that matches matches more than once.
func ladder(file, search, repl []string) (*match, error) {
	for _, t := range []Tier{TierExact, TierTrailing, TierIndent} {
		starts := findTier(t, file, search)
		switch len(starts) {
		case 0:
			continue
		case 1:
			m := &match{start: starts[0], end: starts[0] + len(search), repl: repl}
			if t == TierIndent {
				m.repl = reindent(file[m.start:m.end], search, repl)
			}
			return m, nil
		default:
			lines := make([]int, len(starts))
			for i, s := range starts {
				lines[i] = s + 1
			}
			return nil, &AmbiguousError{Tier: t, Lines: lines}
		}
	}
	return nil, nil
}

// findTier returns every start index where search fits file at tier t.
func findTier(t Tier, file, search []string) []int {
	if len(search) == 0 || len(search) > len(file) {
		return nil
	}
	switch t {
	case TierExact:
		return windows(file, search, func(s string) string { return s })
	case TierTrailing:
		return windows(file, search, trimRight)
	default:
		var out []int
		for _, i := range windows(file, search, trimBoth) {
			if uniformOffset(file[i:i+len(search)], search) {
				out = append(out, i)
			}
		}
		return out
	}
}

func trimRight(s string) string { return strings.TrimRight(s, " \t") }
func trimBoth(s string) string  { return strings.Trim(s, " \t") }

// windows returns the starts of every run of file lines equal to search
// after norm. The first line is compared first so a miss costs one compare.
func windows(file, search []string, norm func(string) string) []int {
	want := make([]string, len(search))
	for i, s := range search {
		want[i] = norm(s)
	}
	var out []int
	last := len(file) - len(want)
	for i := 0; i <= last; i++ {
		if norm(file[i]) != want[0] {
			continue
		}
		ok := true
		for j := 1; j < len(want); j++ {
			if norm(file[i+j]) != want[j] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// commonIndent is the longest whitespace prefix shared by the non-blank lines.
func commonIndent(lines []string) string {
	prefix, first := "", true
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = ws, false
			continue
		}
		n := 0
		for n < len(prefix) && n < len(ws) && prefix[n] == ws[n] {
			n++
		}
		prefix = prefix[:n]
	}
	return prefix
}

// uniformOffset reports whether got is want with one common leading prefix
// swapped for another: relative indentation must agree exactly, so tabs and
// spaces are never converted.
func uniformOffset(got, want []string) bool {
	g, w := commonIndent(got), commonIndent(want)
	for i := range want {
		if isBlank(want[i]) {
			if !isBlank(got[i]) {
				return false
			}
			continue
		}
		if trimRight(got[i]) != g+trimRight(want[i])[len(w):] {
			return false
		}
	}
	return true
}

// reindent moves the REPLACE lines by the offset the SEARCH lines were
// found at. When the model dropped a leading prefix (the file's common
// indent ends with the SEARCH's) that prefix is added to every line; when it
// added one, it is removed; otherwise the SEARCH's prefix is swapped for the
// file's on the lines that start with it.
func reindent(got, search, repl []string) []string {
	g, w := commonIndent(got), commonIndent(search)
	out := make([]string, len(repl))
	for i, r := range repl {
		switch {
		case isBlank(r):
			out[i] = r
		case strings.HasSuffix(g, w):
			out[i] = g[:len(g)-len(w)] + r
		case strings.HasSuffix(w, g):
			extra := w[:len(w)-len(g)]
			if ws := r[:len(r)-len(strings.TrimLeft(r, " \t"))]; strings.HasPrefix(extra, ws) {
				out[i] = r[len(ws):] // dedented past the file's margin: clip at it
			} else {
				out[i] = strings.TrimPrefix(r, extra)
			}
		case strings.HasPrefix(r, w):
			out[i] = g + r[len(w):]
		default:
			out[i] = r
		}
	}
	return out
}
