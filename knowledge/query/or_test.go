package query

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestAlternatives(t *testing.T) {
	tests := []struct {
		q       string
		want    []string // nil: no OR, the query as it is
		wantErr string
	}{
		{q: "alpha beta"},
		{q: "alpha or beta"},   // lower case: a word
		{q: `"alpha OR beta"`}, // quoted: a phrase
		{q: "f(x) g(y)"},       // no OR: parentheses are text
		{q: "OR"},              // alone: the word
		{q: "OR OR"},
		{q: "alpha OR beta", want: []string{"alpha", "beta"}},
		{q: "alpha beta OR gamma", want: []string{"alpha beta", "gamma"}},
		{q: "alpha OR beta ext:go", want: []string{"alpha", "beta ext:go"}},
		{q: "(alpha OR beta) ext:go", want: []string{"alpha ext:go", "beta ext:go"}},
		{q: "ext:go (alpha OR beta) -path:vendor", want: []string{"ext:go alpha -path:vendor", "ext:go beta -path:vendor"}},
		{q: "(a OR b) (c OR d)", want: []string{"a c", "a d", "b c", "b d"}},
		{q: "((a OR b) c OR d)", want: []string{"a c", "b c", "d"}},
		{q: `"no such file" OR /err\w+/`, want: []string{`"no such file"`, `/err\w+/`}},
		{q: "f(x) OR g(y)", want: []string{"f(x)", "g(y)"}}, // parentheses the text pairs stay
		{q: "(f(x) OR g(y))", want: []string{"f(x)", "g(y)"}},
		{q: "alpha OR", want: []string{"alpha"}}, // still being typed
		{q: "OR alpha", want: []string{"alpha"}},
		{q: "alpha OR OR beta", want: []string{"alpha", "beta"}},
		{q: "(alpha OR beta", want: []string{"alpha", "beta"}},
		{q: "() alpha OR beta", want: []string{"alpha", "beta"}},
		{q: "alpha OR beta)", wantErr: "closes no"},
		{q: "(a OR b) (c OR d) (e OR f) (g OR h) (i OR j)", wantErr: "more than 16 alternatives"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			got, err := Alternatives(tt.q)
			if tt.wantErr != "" {
				if !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Alternatives(%q) err = %v, want ErrBadQuery with %q", tt.q, err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Alternatives(%q) = %q, %v; want %q", tt.q, got, err, tt.want)
			}
		})
	}
}
