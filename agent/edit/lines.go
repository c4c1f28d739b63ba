package edit

import "strings"

// line is one line of a file with its own terminator, kept apart so that
// lines an edit does not touch are written back byte for byte, whatever mix
// of endings the file has.
type line struct {
	text string
	eol  string // "\n", "\r\n" or "" (last line without a final newline)
}

// doc is a file split into lines plus the conventions new lines must follow.
type doc struct {
	bom     bool
	eol     string // the dominant ending, given to every line an edit adds
	finalNL bool   // whether the file ends with a line terminator
	lines   []line
}

const bom = "\ufeff"

func parseDoc(content []byte) *doc {
	s := string(content)
	d := &doc{eol: "\n", finalNL: true}
	if strings.HasPrefix(s, bom) {
		d.bom = true
		s = s[len(bom):]
	}
	if s == "" {
		return d
	}
	d.lines = make([]line, 0, strings.Count(s, "\n")+1)
	crlf, lf := 0, 0
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			d.lines = append(d.lines, line{text: s})
			d.finalNL = false
			break
		}
		l := line{text: s[:i], eol: "\n"}
		if strings.HasSuffix(l.text, "\r") {
			l.text, l.eol = l.text[:len(l.text)-1], "\r\n"
			crlf++
		} else {
			lf++
		}
		d.lines = append(d.lines, l)
		s = s[i+1:]
	}
	if crlf > lf {
		d.eol = "\r\n"
	}
	return d
}

// texts returns the lines without their terminators.
func (d *doc) texts() []string {
	out := make([]string, len(d.lines))
	for i, l := range d.lines {
		out[i] = l.text
	}
	return out
}

// splice replaces lines [start, end) with repl. A new line takes the ending
// of the old line at its position, so a mixed-ending file changes only where
// it was edited; lines beyond those take the file's dominant ending.
func (d *doc) splice(start, end int, repl []string) {
	added := make([]line, len(repl))
	for i, t := range repl {
		added[i] = line{text: t, eol: d.eol}
		if start+i < end && d.lines[start+i].eol != "" {
			added[i].eol = d.lines[start+i].eol
		}
	}
	out := make([]line, 0, len(d.lines)-(end-start)+len(repl))
	out = append(out, d.lines[:start]...)
	out = append(out, added...)
	out = append(out, d.lines[end:]...)
	d.lines = out
}

func (d *doc) bytes() []byte {
	n := len(bom)
	for _, l := range d.lines {
		n += len(l.text) + len(d.eol)
	}
	b := make([]byte, 0, n)
	if d.bom {
		b = append(b, bom...)
	}
	for i, l := range d.lines {
		b = append(b, l.text...)
		switch {
		case i == len(d.lines)-1 && !d.finalNL:
			// a missing final newline stays missing
		case l.eol == "":
			b = append(b, d.eol...) // a former last line that is no longer last
		default:
			b = append(b, l.eol...)
		}
	}
	return b
}

// splitText turns SEARCH or REPLACE text into lines. One trailing newline
// ends the last line rather than adding an empty one; CRLF from a pasted
// reply counts as LF so it matches files of either convention.
func splitText(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

func isBlank(s string) bool { return strings.Trim(s, " \t") == "" }

func allBlank(lines []string) bool {
	for _, l := range lines {
		if !isBlank(l) {
			return false
		}
	}
	return true
}
