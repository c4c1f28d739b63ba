package process

import "testing"

func TestOutputReads(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		keep   int
		max    int
		next   []string // successive next() results after all writes
		tail   string
	}{
		{"new since last", []string{"ab", "cd"}, 100, 100, []string{"abcd", ""}, "abcd"},
		{"bounded read", []string{"abcdef"}, 100, 4, []string{"[2 earlier bytes not shown]\ncdef", ""}, "[2 earlier bytes not shown]\ncdef"},
		{"ring dropped", []string{"abc", "def", "gh"}, 4, 100, []string{"[4 earlier bytes not shown]\nefgh"}, "[4 earlier bytes not shown]\nefgh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := newOutput(tt.keep)
			for _, w := range tt.writes {
				_, _ = o.Write([]byte(w))
			}
			if got := o.tail(tt.max); got != tt.tail {
				t.Errorf("tail = %q, want %q", got, tt.tail)
			}
			for i, want := range tt.next {
				if got := o.next(tt.max); got != want {
					t.Errorf("next #%d = %q, want %q", i, got, want)
				}
			}
		})
	}
}
