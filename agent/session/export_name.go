package session

import (
	"strings"
	"unicode"
)

// maxNameRunes keeps an export's file name readable in a file manager.
const maxNameRunes = 60

// ExportName is the file name an export of s is offered under: its title
// in lower case with dashes ("fix-the-login-bug.md"), letters of any
// script kept, anything a file system could object to dropped; a
// conversation without a usable title is "conversation-<date>".
func ExportName(s Session, format ExportFormat) string {
	var out []rune
	dash := false
	for _, r := range strings.ToLower(s.Title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && len(out) > 0 {
				out = append(out, '-')
			}
			out = append(out, r)
			dash = false
		default:
			dash = true
		}
	}
	if len(out) > maxNameRunes {
		out = out[:maxNameRunes]
	}
	name := strings.TrimRight(string(out), "-")
	if name == "" {
		name = "conversation"
		if !s.CreatedAt.IsZero() {
			name += "-" + s.CreatedAt.Format("2006-01-02")
		}
	}
	return name + "." + string(format)
}
