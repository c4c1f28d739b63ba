package match

import "testing"

func TestStartsWord(t *testing.T) {
	tests := []struct {
		data string
		at   int
		term string
		want bool
	}{
		{"no such", 3, "such", true},
		{"nosuch", 2, "such", false},
		{"noSuch", 2, "such", true},     // a camelCase part
		{"NOSUCH", 2, "such", false},    // no part starts there
		{"HTTPServer", 4, "serv", true}, // an acronym's end
		{"snake_case", 6, "case", true},
		{"user-name", 5, "name", true},       // kebab-case
		{"user--name", 6, "name", true},      // two dashes part identifiers
		{"foo9bar", 4, "bar", true},          // digits part a word
		{"ÜberFunc", 5, "func", true},        // offsets in bytes, after a two-byte letter
		{"über", 0, "über", true},            // the whole identifier
		{"noSuchFile", 2, "suchfile", false}, // a part is one part: suchfile is no code word here
		{"x.Open", 2, "open", true},
		{"xOpener", 1, "open", true}, // a part that goes on (the last word of a lone-word phrase)
	}
	for _, tt := range tests {
		if got := startsWord([]byte(tt.data), tt.at, tt.term); got != tt.want {
			t.Errorf("startsWord(%q, %d, %q) = %v, want %v", tt.data, tt.at, tt.term, got, tt.want)
		}
	}
}
