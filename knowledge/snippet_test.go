package knowledge

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// A lone term is looked for in a file's head first; the answer must be
// the one a search of the whole file gives, whether the head holds
// enough of its lines or not.
func TestHeadShortcutMatchesWholeFileSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	filler := []string{"x", "yy ", "zz_w", "\n", " ", "\t", "ba"}
	rare := append(repeated(filler, 300), "foo bar ")
	dense := append(append([]string{}, filler...), "foo bar ", "Foo\n", "food ", "fo")
	queries := []string{"foo", `"foo bar"`, "fo*", `/f\w+ bar/`, "foo~", "*oo", "FOO"}
	shortcut, whole := 0, 0
	for i := 0; i < 600; i++ {
		text := randomPieces(rng, rare, rng.IntN(3*headLen)) + randomPieces(rng, dense, headLen)
		q, err := parseQuery(queries[rng.IntN(len(queries))])
		if err != nil {
			t.Fatal(err)
		}
		v := &textView{data: []byte(text)}
		want := linesOf(v, q.terms)
		if got := findLinesIn(v, q.terms); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v in a %d-byte text: %+v, the whole file gives %+v", q.terms[0].text, len(text), got, want)
		}
		cut := strings.LastIndexByte(text[:headLen], '\n')
		if len(linesOf(&textView{data: []byte(text[:cut+1])}, q.terms).lines) >= maxLines {
			shortcut++
		} else if len(want.lines) > 0 {
			whole++
		}
	}
	if shortcut < 100 || whole < 100 {
		t.Fatalf("the head answered %d texts and the whole file %d: both need 100", shortcut, whole)
	}
}

// repeated repeats the pieces n times, so a piece added once is rare.
func repeated(p []string, n int) []string {
	var out []string
	for range n {
		out = append(out, p...)
	}
	return out
}
