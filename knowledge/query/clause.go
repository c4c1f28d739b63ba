package query

import (
	"fmt"
	"strings"
	"unicode"
)

// Filter reads a path:, file: (path's other name), ext: or lang: filter,
// negated by a leading "-"; kind is "path", "ext" or "lang".
func Filter(text string) (kind string, not bool, val string, ok bool) {
	key, val, found := strings.Cut(text, ":")
	if !found {
		return "", false, "", false
	}
	kind, not = strings.CutPrefix(strings.ToLower(key), "-")
	switch kind {
	case "path", "ext", "lang":
		return kind, not, val, true
	case "file":
		return "path", not, val, true
	}
	return "", false, "", false
}

// Def reads def:Name (ok, with the name "" while it is being typed);
// -def: is refused.
func Def(text string) (string, bool, error) {
	key, val, found := strings.Cut(text, ":")
	switch strings.ToLower(key) {
	case "def":
		return val, found, nil
	case "-def":
		return "", found, fmt.Errorf("%w: -def: excludes nothing; def:Name keeps the files defining Name", ErrBadQuery)
	}
	return "", false, nil
}

// AsPrefix is q with its last word as a prefix, when that word is a bare
// word (letters, digits, '_') outside a phrase and no operator: the query
// to ask when q found nothing, as someone may still be typing that word.
func AsPrefix(q string) (string, bool) {
	words := strings.Fields(q)
	if len(words) == 0 || strings.Count(q, `"`)%2 == 1 {
		return "", false
	}
	last := words[len(words)-1]
	if last == orOperator || strings.IndexFunc(last, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) >= 0 {
		return "", false
	}
	return strings.TrimSpace(q) + "*", true
}
