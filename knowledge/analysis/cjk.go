package analysis

import "unicode"

// IsCJK: scripts whose words are not set apart by spaces (or, in Korean,
// carry their particles attached), where a word is searched as text
// within a longer run rather than as a whole identifier.
func IsCJK(r rune) bool {
	return r >= 0x1100 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// HasCJK: s holds a CJK character.
func HasCJK(s string) bool {
	for _, r := range s {
		if IsCJK(r) {
			return true
		}
	}
	return false
}
