package trust

import (
	"fmt"
	"strings"
	"unicode"
)

// clean makes text from the workspace safe to print on one line: control
// characters (terminal escapes, newlines) become spaces, and it is bounded.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
			return ' '
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 160 {
		s = string(r[:159]) + "…"
	}
	return s
}

func quote(s string) string { return "`" + clean(s) + "`" }

// list joins at most eight parts and counts the rest.
func list(parts []string) string {
	if len(parts) > 8 {
		return strings.Join(parts[:8], ", ") + fmt.Sprintf(" and %d more", len(parts)-8)
	}
	return strings.Join(parts, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
