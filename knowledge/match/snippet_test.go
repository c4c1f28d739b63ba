package match

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/textfile"
)

// A lone term is looked for a window at a time; the answer must be the
// one a search of the whole file gives, whether the first windows hold
// enough of its lines or not.
func TestLoneTermWindowsMatchWholeFileSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	filler := []string{"x", "yy ", "zz_w", "\n", " ", "\t", "ba"}
	rare := append(repeated(filler, 300), "foo bar ")
	dense := append(append([]string{}, filler...), "foo bar ", "Foo\n", "food ", "fo")
	queries := []string{"foo", `"foo bar"`, "fo*", `/f\w+ bar/`, "foo~", "*oo", "FOO"}
	early, whole := 0, 0
	for i := 0; i < 600; i++ {
		text := randomPieces(rng, rare, rng.IntN(24*textfile.HeadLen)) + randomPieces(rng, dense, textfile.HeadLen)
		q, err := parseQuery(queries[rng.IntN(len(queries))])
		if err != nil {
			t.Fatal(err)
		}
		v := &textView{data: []byte(text)}
		want := linesOf(v, q.Terms)
		if got := findLinesIn(v, q.Terms); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v in a %d-byte text: %+v, the whole file gives %+v", q.Terms[0].Text, len(text), got, want)
		}
		switch {
		case len(want.Lines) == MaxLines && lineOffset(text, want.Lines[MaxLines-1]) < len(text)/2:
			early++ // the windows stopped before the second half
		case len(want.Lines) > 0:
			whole++
		}
	}
	if early < 100 || whole < 100 {
		t.Fatalf("%d answers came early and %d took the whole text: both need 100", early, whole)
	}
}

// lineOffset is where line n (1-based) of text starts.
func lineOffset(text string, n int) int {
	at := 0
	for ; n > 1; n-- {
		at += strings.IndexByte(text[at:], '\n') + 1
	}
	return at
}

// repeated repeats the pieces n times, so a piece added once is rare.
func repeated(p []string, n int) []string {
	var out []string
	for range n {
		out = append(out, p...)
	}
	return out
}
