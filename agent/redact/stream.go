package redact

import (
	"regexp"
	"strings"
)

// maxHold bounds what a Stream holds back. Each write rescans what is held,
// so an endless key-shaped run would cost more with every delta; no issued
// key or token comes near this length, and a run this long is let out
// redacted as it stands.
const maxHold = 16 << 10

// open finds where a key that may still be growing starts: a match of each
// anchors a run that reaches the end of the text and could become (or
// still extend) a pattern match. It mirrors patterns above.
var open = []*regexp.Regexp{
	regexp.MustCompile(`\b(?:s|sk|sk-` + keyChars + `*)$`),
	regexp.MustCompile(`(?i)\b(?:b|be|bea|bear|beare|bearer(?:[ \t]+` + tokenChars + `*=*)?)$`),
}

// Stream redacts text that arrives in pieces, such as a model's streamed
// deltas, so that a key split over any number of pieces never comes out in
// parts. Write returns what is safe to show now and holds back only a tail
// that could still be, or grow into, a secret; Flush returns the rest. What
// a stream emits between flushes is exactly String of what it was given
// (short of a run longer than maxHold).
// A Stream is not safe for concurrent use.
type Stream struct {
	r *Redactor
	// held is text not yet emitted: exact values already replaced up to
	// a point, raw after it (the markers never match anything again).
	held string
	// afterWord says the emitted text ends in a word character, which
	// decides the \b of a pattern starting at the held text.
	afterWord bool
	// growing, when set, says all that is held is one key-shaped run that
	// any byte it accepts keeps open, so such a delta is held at once.
	growing func(byte) bool
}

// runs are the held texts whose growth needs no rescan, with the bytes
// that extend them.
var runs = []struct {
	re      *regexp.Regexp
	extends func(byte) bool
}{
	{regexp.MustCompile(`^sk-` + keyChars + `*$`), isKeyByte},
	{regexp.MustCompile(`(?i)^bearer[ \t]+$`), func(c byte) bool { return c == ' ' || c == '\t' }},
	{regexp.MustCompile(`(?i)^bearer[ \t]+` + tokenChars + `+$`), isTokenByte},
	{regexp.MustCompile(`(?i)^bearer[ \t]+` + tokenChars + `*=+$`), func(c byte) bool { return c == '=' }},
}

// Stream starts a stream redacted by r (nil redacts patterns and
// registered values).
func (r *Redactor) Stream() *Stream { return &Stream{r: r} }

// Write adds delta and returns the text that can be emitted now.
func (s *Stream) Write(delta string) string {
	if delta == "" {
		return ""
	}
	if s.growing != nil && len(s.held)+len(delta) <= maxHold && all(delta, s.growing) {
		s.held += delta
		return ""
	}
	text := s.held + delta
	values := s.r.valueList()
	cv := valueCut(text, values)
	done := replaceValues(text[:cv], values)
	joined := done + text[cv:]
	cut := patternCut(joined, len(done), s.afterWord)
	s.held = joined[cut:]
	out := s.emit(done[:cut])
	if len(s.held) > maxHold { // all but a value still arriving
		out += s.emit(done[cut:])
		s.held = text[cv:]
	}
	s.growing = nil
	if cut == 0 && !s.afterWord {
		for _, r := range runs {
			if r.re.MatchString(s.held) {
				s.growing = r.extends
			}
		}
	}
	return out
}

// Flush returns everything held, redacted as the end of the text. What is
// written after a flush starts a new text.
func (s *Stream) Flush() string {
	out := s.emit(replaceValues(s.held, s.r.valueList()))
	s.held, s.afterWord, s.growing = "", false, nil
	return out
}

// emit redacts the patterns of text whose exact values are already replaced.
func (s *Stream) emit(text string) string {
	if text == "" {
		return ""
	}
	out := applyPatterns(text, s.afterWord)
	s.afterWord = isWordByte(out[len(out)-1])
	return out
}

// valueCut is where text can be cut with no exact value, whole or still
// arriving, crossing the cut: before the first tail that begins a value,
// then before any whole value the cut would split.
func valueCut(text string, values []string) int {
	cut := len(text)
	for _, v := range values {
		for i := max(0, len(text)-len(v)+1); i < cut; i++ {
			if strings.HasPrefix(v, text[i:]) {
				cut = i
				break
			}
		}
	}
	for moved := true; moved; {
		moved = false
		for _, v := range values {
			for i := max(0, cut-len(v)+1); i < cut; i++ {
				if strings.HasPrefix(text[i:], v) {
					cut, moved = i, true
					break
				}
			}
		}
	}
	return cut
}

// patternCut is where text can be cut, at most at limit, with no pattern
// match crossing the cut whatever follows: before the first run that may
// still grow into a key, then before any match the cut would split.
func patternCut(text string, limit int, afterWord bool) int {
	off := 0
	if afterWord {
		text, off = wordGuard+text, len(wordGuard)
	}
	cut := limit
	for _, re := range open {
		if loc := re.FindStringIndex(text); loc != nil {
			cut = min(cut, loc[0]-off)
		}
	}
	for moved := true; moved; {
		moved = false
		for _, p := range patterns {
			for _, m := range p.re.FindAllStringIndex(text, -1) {
				if a, b := m[0]-off, m[1]-off; a < cut && cut < b {
					cut, moved = a, true
				}
			}
		}
	}
	return cut
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isKeyByte(c byte) bool { return isWordByte(c) || c == '-' }

func isTokenByte(c byte) bool {
	return isKeyByte(c) || c == '.' || c == '~' || c == '+' || c == '/'
}

func all(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}
