package knowledge

import (
	"reflect"
	"slices"
	"testing"
)

// A phrase or a punctuated word starts where a code word starts, and its
// last word may go on, as a grep lets it. The index asked for every word
// whole: "FROM user" missed "FROM users" and os.Open missed os.Opener,
// while "such file" showed the "nosuch filex" line of a file found for
// another.
func TestPhrasesStartAtAWordAndMayGoOn(t *testing.T) {
	x := openFiles(t, map[string]string{
		"both.txt":  "nosuch filex\nno such file\n",
		"edge.txt":  "nosuch filex\n",
		"camel.go":  "x := noSuch file\n",
		"q.sql":     "SELECT * FROM users\n",
		"opener.go": "f := os.Opener()\n",
		"nos.go":    "g := nos.Open()\n",
		"kebab.css": ".x-alpha beta {}\n",
		"glued.txt": "xalpha beta\n",
		"over.txt":  "ba a a\n",
		"many.txt":  "alpha0 alpha1 alpha2 alpha3 alpha4 alpha5 alpha6 alpha7 alpha8\nx := alphabet\n",
	})
	wantEach(t, x, []hitCase{
		{`"such file"`, []string{"both.txt", "camel.go"}, 2, "such file"},
		{`"FROM user"`, []string{"q.sql"}, 1, "FROM user"},
		{`"select * from"`, []string{"q.sql"}, 1, "SELECT * FROM"},
		{`os.Open`, []string{"opener.go"}, 1, "os.Open"},
		{`"alpha beta"`, []string{"kebab.css"}, 1, "alpha beta"},
		{`"a a"`, []string{"over.txt"}, 1, "a a"}, // the match at "ba a" hides the one after it
		{`"filex"`, []string{"both.txt", "edge.txt"}, 1, "filex"},
		{`"file"`, []string{"both.txt", "camel.go", "edge.txt"}, 1, "file"},
		{`"x := alph"`, []string{"many.txt"}, 2, "x := alph"}, // alph begins more words than are asked for: its trigrams are
	})
	res := search(t, x, `"such file"`)
	if h := res.Hits[0]; h.Path != "both.txt" || !slices.Equal(h.Lines, []int{2}) {
		t.Errorf(`"such file" in both.txt: lines %v, want [2]`, h.Lines)
	}
	over := search(t, x, `"a a"`).Hits[0]
	if !reflect.DeepEqual(over.Highlights, [][2]int{{3, 6}}) {
		t.Errorf(`"a a" highlights %v, want [[3 6]]`, over.Highlights)
	}
}
