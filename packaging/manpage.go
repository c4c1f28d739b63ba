package packaging

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"time"
)

// ManPage renders hearth(1) in roff from the help text.
func ManPage(h Help, version string, date time.Time) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH HEARTH 1 %q %q \"User Commands\"\n", date.UTC().Format("2006-01-02"), "hearth "+version)
	b.WriteString(".SH NAME\nhearth \\- a desktop AI agent for local projects\n.SH SYNOPSIS\n")
	for i, u := range h.Usage {
		if i > 0 {
			b.WriteString(".br\n")
		}
		fmt.Fprintf(&b, "\\fBhearth\\fR %s\n", roff(u))
	}
	fmt.Fprintf(&b, ".SH DESCRIPTION\n%s\n", roff(h.Description))
	b.WriteString(".SH OPTIONS\n")
	for _, o := range h.Options {
		fmt.Fprintf(&b, ".TP\n\\fB\\-\\-%s\\fR\n%s\n", roff(o.Name), roff(o.Summary))
	}
	b.WriteString(".SH COMMANDS\n")
	for _, c := range h.Commands {
		fmt.Fprintf(&b, ".SS %s\n%s\n.PP\n.nf\n", roff(c.Name), roff(c.Summary))
		for _, line := range strings.Split(strings.TrimRight(c.Text, "\n"), "\n") {
			fmt.Fprintf(&b, "%s\n", roff(strings.ReplaceAll(line, "\t", "        ")))
		}
		b.WriteString(".fi\n")
	}
	b.WriteString(".SH EXIT STATUS\n0 on success, 1 on failure (the message is on standard error), 2 on a usage error.\n")
	return []byte(b.String())
}

// roff escapes text so no line starts a request, dashes stay dashes and
// characters beyond ASCII reach troff as named glyphs.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	var b strings.Builder
	for _, r := range s {
		if r > 127 {
			fmt.Fprintf(&b, `\[u%04X]`, r)
		} else {
			b.WriteRune(r)
		}
	}
	s = b.String()
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// gzipped compresses data with no name or time in the header, so the same
// input gives the same bytes.
func gzipped(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
