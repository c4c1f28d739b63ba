package analysis

import (
	"reflect"
	"testing"
)

func TestLiteralGrams(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ab", nil},
		{"Read", []string{"rea", "ead"}},
		{"id  ar", []string{"id ar"}},   // whitespace runs fold to one space
		{"no\n\tsu", []string{"no su"}}, // newlines too
		{"a.Open", []string{"ope", "pen"}},
		{"é abc", []string{"abc"}},
		{"x yz", nil},                 // one letter before the space: no boundary gram
		{"日本語", []string{"日本", "本語"}}, // adjacent CJK characters pair up
		{"a日本b", []string{"日本"}},
		{"日 本", []string{"日", "本"}}, // a character no pair holds stands alone
		{"語", []string{"語"}},
		{"日本 語", []string{"日本", "語"}},
		{"데이터를", []string{"데이", "이터", "터를"}},
	}
	for _, tt := range tests {
		if got := LiteralGrams(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("LiteralGrams(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
