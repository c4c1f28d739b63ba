package match

import (
	"bytes"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/query"
)

const (
	maxSnippet      = 200
	maxMatchesFound = 10000
	// MaxLines is the most matching lines a hit lists.
	MaxLines = 5
)

// Lines is where a query's terms are in a file's text: its best line
// (1-based; 0 when none), up to MaxLines lines holding as many terms, and
// the best line's snippet with the terms' byte ranges within it.
type Lines struct {
	Line       int
	Lines      []int
	Snippet    string
	Ranges     [][2]int
	Unverified bool // a term that needs the exact text was not found
}

type span struct{ start, end, term int }

// Find locates the query terms in a file: the best line is the first
// one holding the most distinct terms.
func Find(data []byte, terms []query.Term) Lines {
	return findLinesIn(&textView{data: data}, terms)
}

// firstWindow is the first window a lone term is looked for in (see
// loneLines): a word on most lines fills five within 1 KB, and every
// match in the window is collected.
const firstWindow = 1 << 10

func findLinesIn(v *textView, terms []query.Term) Lines {
	if len(terms) == 1 {
		return loneLines(v, terms[0])
	}
	return linesOf(v, terms)
}

// loneLines finds a lone term's lines. Every line holding it is a best
// line, so its first MaxLines lines make the answer: the text is searched
// a window at a time (firstWindow, growing fourfold, cut at a line end since
// no match crosses one) until they are found. Top hits are often the
// biggest files, with the word early on.
func loneLines(v *textView, t query.Term) Lines {
	var spans []span
	from := 0
	for size := firstWindow; ; size *= 4 {
		end := len(v.data)
		if size < end {
			if cut := bytes.LastIndexByte(v.data[from:size], '\n'); cut >= 0 {
				end = from + cut + 1
			}
		}
		found := termSpans(&textView{data: v.data[from:end]}, t)
		spans = slices.Grow(spans, len(found))
		for _, f := range found {
			spans = append(spans, span{from + f[0], from + f[1], 0})
		}
		if end == len(v.data) {
			break
		}
		if m := lineMatchOf(v.data[:end], spans, true); len(m.Lines) >= MaxLines {
			return m
		}
		from = end
	}
	m := lineMatchOf(v.data, spans, true)
	m.Unverified = t.Verify && len(spans) == 0
	return m
}

// linesOf is findLinesIn over the whole text.
func linesOf(v *textView, terms []query.Term) Lines {
	data := v.data
	var spans []span
	unverified := false
	for i, t := range terms {
		found := termSpans(v, t)
		if len(found) == 0 && t.Verify {
			unverified = true
		}
		for _, f := range found {
			spans = append(spans, span{f[0], f[1], i})
		}
	}
	if len(terms) == 0 {
		// Filter-only query: show the first non-blank line.
		if i := bytes.IndexFunc(data, func(r rune) bool { return r != ' ' && r != '\t' && r != '\n' && r != '\r' }); i >= 0 {
			spans = append(spans, span{i, i, -1})
		}
	}
	m := lineMatchOf(data, spans, false)
	m.Unverified = unverified
	return m
}

// lineMatchOf picks the best lines of data from the terms' spans: the
// first line holding the most distinct terms, and up to MaxLines such.
// With lone set, spans are of one term, so every line holding one is a
// best line and lines past the first MaxLines are not looked at.
func lineMatchOf(data []byte, spans []span, lone bool) Lines {
	var m Lines
	if len(spans) == 0 {
		return m
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	// Spans are sorted, so each line's spans are a run of them and the
	// lines come in order.
	type lineInfo struct {
		ln, first, end int // spans[first:end] lie on line ln
		terms          uint64
	}
	var lines []lineInfo
	ln, counted := 1, 0
	for i, s := range spans {
		ln += bytes.Count(data[counted:s.start], newline)
		counted = s.start
		if len(lines) == 0 || lines[len(lines)-1].ln != ln {
			if lone && len(lines) == MaxLines {
				break
			}
			lines = append(lines, lineInfo{ln: ln, first: i})
		}
		li := &lines[len(lines)-1]
		li.end = i + 1
		if s.term >= 0 {
			li.terms |= 1 << (uint(s.term) % 64)
		}
	}
	best := 0
	for _, li := range lines {
		best = max(best, popcount(li.terms))
	}
	var bestLine lineInfo
	for _, li := range lines {
		if popcount(li.terms) != best {
			continue
		}
		if m.Line == 0 {
			m.Line, bestLine = li.ln, li
		}
		if len(m.Lines) < MaxLines {
			m.Lines = append(m.Lines, li.ln)
		}
	}
	onBest := spans[bestLine.first:bestLine.end]
	lineStart, lineEnd := lineAt(data, onBest[0].start)
	m.Snippet, m.Ranges = cutSnippet(data[lineStart:lineEnd], lineStart, onBest)
	return m
}

func popcount(v uint64) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

var newline = []byte{'\n'}

// cutSnippet trims a line to about maxSnippet bytes around its first
// match and makes the spans relative to the snippet.
func cutSnippet(line []byte, base int, spans []span) (string, [][2]int) {
	line = bytes.TrimRight(line, "\r")
	lead := len(line) - len(bytes.TrimLeft(line, " \t"))
	from, to := lead, len(line)
	if to-from > maxSnippet {
		first := spans[0].start - base
		from = max(lead, first-maxSnippet/4)
		to = min(len(line), from+maxSnippet)
	}
	for from > 0 && from < len(line) && !utf8.RuneStart(line[from]) {
		from++
	}
	for to < len(line) && to > from && !utf8.RuneStart(line[to]) {
		to--
	}
	var ranges [][2]int
	for _, s := range spans {
		a, b := s.start-base-from, s.end-base-from
		if s.term < 0 || a < 0 || b > to-from || a >= b {
			continue
		}
		ranges = append(ranges, [2]int{a, b})
	}
	return string(line[from:to]), ranges
}
