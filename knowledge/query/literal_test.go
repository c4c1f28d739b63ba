package query

import (
	"reflect"
	"regexp"
	"testing"
)

func TestRegexLiteral(t *testing.T) {
	tests := []struct {
		re   string
		lit  string
		fold bool
	}{
		{`func \(\w+ \*Reader\) Read`, " *Reader) Read", false},
		{`(?i)no\s+such`, "such", true},
		{`\w*Marshaler`, "Marshaler", false},
		{`(?i)\w*marshal\w*`, "marshal", true},
		{`a|b`, "", false},
		{`\d+`, "", false},
		{`(?i)straße`, "stra", true}, // non-ASCII folding: the ASCII piece before it
	}
	for _, tt := range tests {
		lit, fold := regexLiteral(regexp.MustCompile(tt.re))
		if lit != tt.lit || (lit != "" && fold != tt.fold) {
			t.Errorf("regexLiteral(%q) = %q, %v; want %q, %v", tt.re, lit, fold, tt.lit, tt.fold)
		}
	}
}

func TestFoldLiteral(t *testing.T) {
	tests := []struct{ in, want string }{
		{"NoSuch", "nosuch"},
		{"Ошибка", ""},             // every letter has case: nothing to search with ASCII folding
		{"OШИБКА:", "o"},           // a Latin O before the Cyrillic
		{"Größe_TOTAL", "e_total"}, // the longest piece between cased non-ASCII runes
		{"日本Server", "日本server"},   // caseless runes stay
		{"", ""},
	}
	for _, tt := range tests {
		if got := FoldLiteral(tt.in); got != tt.want {
			t.Errorf("FoldLiteral(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPhraseWords(t *testing.T) {
	tests := []struct {
		phrase string
		words  []string
		anchor int
	}{
		{"no such file", []string{"no", "such", "file"}, 2},       // f is the rarest letter
		{"Invalid  Argument", []string{"invalid", "argument"}, 0}, // v, not g
		{"bag bags", []string{"bag", "bags"}, 1},                  // both b: the longer
		{"a b_1", []string{"a", "b_1"}, 1},
		{"café au lait", nil, 0}, // non-ASCII: the regexp folds it
	}
	for _, tt := range tests {
		words, anchor := PhraseWords(tt.phrase)
		var got []string
		for _, w := range words {
			got = append(got, string(w))
		}
		if !reflect.DeepEqual(got, tt.words) || anchor != tt.anchor {
			t.Errorf("PhraseWords(%q) = %q, %d; want %q, %d", tt.phrase, got, anchor, tt.words, tt.anchor)
		}
	}
}
