package analysis

import (
	"reflect"
	"testing"
)

func TestWordsOf(t *testing.T) {
	tests := []struct {
		text string
		want Words
	}{
		{"no such file", Words{Terms: []string{"no", "such", "file"}, Start: "no", OpenEnd: true}},
		{"  FROM users ", Words{Terms: []string{"from", "users"}, Start: "from", OpenEnd: true}},
		{"os.Open(", Words{Terms: []string{"os", "open"}, Start: "os"}},
		{".Open", Words{Terms: []string{"open"}, OpenEnd: true}},
		{"getUserName x", Words{Terms: []string{"getusername", "x"}, Start: "getusername", OpenEnd: true}},
		{"日本 語", Words{ToGrams: []string{"日本", "語"}}},
		{"x 日本", Words{Terms: []string{"x"}, ToGrams: []string{"日本"}, Start: "x"}},
		{"->", Words{}},
		{"foo _", Words{Terms: []string{"foo"}, Start: "foo"}}, // "_" is no term
	}
	for _, tt := range tests {
		if got := WordsOf(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("WordsOf(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}
