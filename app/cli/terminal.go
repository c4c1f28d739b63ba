package cli

import (
	"io"
	"strings"
	"unicode/utf8"
)

// termFilter removes from text bound for a terminal everything the
// terminal would act on instead of showing: escape sequences (CSI, OSC,
// DCS and the other strings, two-byte escapes), C0 controls but newline
// and tab, DEL and C1 controls. A model steered by a hostile file can
// otherwise retitle the window, clear the screen or rewrite what the
// person already read. It keeps its state between writes, so a sequence
// split over streamed deltas is removed whole. A nil filter passes text
// through (JSON output escapes what it carries).
type termFilter struct {
	state termState
	tail  []byte // the start of a UTF-8 sequence the next write completes
}

type termState uint8

const (
	termGround    termState = iota
	termEscape              // after ESC
	termEscInter            // ESC and intermediate bytes, until a final byte
	termCSI                 // a control sequence, until its final byte
	termString              // OSC, DCS, SOS, PM or APC, until BEL or ST
	termStringEsc           // ESC inside a string: ST when a backslash follows
)

// Write returns what of s may reach the terminal now.
func (f *termFilter) Write(s string) string {
	if f == nil {
		return s
	}
	if len(f.tail) > 0 {
		s = string(f.tail) + s
		f.tail = f.tail[:0]
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 && !utf8.FullRuneInString(s[i:]) {
			f.tail = append(f.tail, s[i:]...)
			break
		}
		f.step(&b, r)
		i += n
	}
	return b.String()
}

// Flush ends the text: a rune left incomplete shows as U+FFFD and an
// unfinished sequence is dropped, so the next text starts clean.
func (f *termFilter) Flush() string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	for range f.tail {
		f.step(&b, utf8.RuneError)
	}
	f.tail, f.state = f.tail[:0], termGround
	return b.String()
}

// step moves the filter on by one rune, writing it to b if it is shown.
func (f *termFilter) step(b *strings.Builder, r rune) {
	const esc, bel, can, sub, st = 0x1b, 0x07, 0x18, 0x1a, 0x9c
	switch f.state {
	case termGround:
		switch {
		case r == esc:
			f.state = termEscape
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			// Other controls are dropped alone: without its introducer,
			// an 8-bit sequence's rest is plain text.
		default:
			b.WriteRune(r)
		}
	case termEscape:
		switch {
		case r == '[':
			f.state = termCSI
		case r == ']' || r == 'P' || r == 'X' || r == '^' || r == '_':
			f.state = termString
		case r >= 0x20 && r <= 0x2f:
			f.state = termEscInter
		case r >= 0x30 && r <= 0x7e:
			f.state = termGround
		case r == esc:
		default:
			f.state = termGround
			f.step(b, r)
		}
	case termEscInter:
		switch {
		case r >= 0x20 && r <= 0x2f:
		case r >= 0x30 && r <= 0x7e:
			f.state = termGround
		default:
			f.state = termGround
			f.step(b, r)
		}
	case termCSI:
		switch {
		case r >= 0x20 && r <= 0x3f:
		case r >= 0x40 && r <= 0x7e:
			f.state = termGround
		default: // not part of a sequence: it ends, and r is read afresh
			f.state = termGround
			f.step(b, r)
		}
	case termString:
		switch r {
		case bel, can, sub, st:
			f.state = termGround
		case esc:
			f.state = termStringEsc
		}
	case termStringEsc:
		if r == '\\' {
			f.state = termGround
			return
		}
		f.state = termEscape // an escape that ends the string begins anew
		f.step(b, r)
	}
}

// termSafe is s with what a terminal would act on removed.
func termSafe(s string) string {
	var f termFilter
	return f.Write(s) + f.Flush()
}

// termWriter passes what is written to w through a termFilter, for output
// made elsewhere (a session's Markdown); Flush ends a sequence left open.
type termWriter struct {
	w io.Writer
	f termFilter
}

func (t *termWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, t.f.Write(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (t *termWriter) Flush() error {
	_, err := io.WriteString(t.w, t.f.Flush())
	return err
}
