package knowledge

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// A scan over more than exactVerify candidates stops once its page is
// full and estimates the total; over fewer it reads them all and counts
// exactly, as a grep would.
func TestScanStopsEarlyOnBroadPatterns(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{}
	for i := range 600 {
		text := "the themarker line\n" // the pattern's grams, not its case
		if i%3 != 0 {
			text = "a theMarker line\n"
		}
		text += "and thequux\n" // a candidate for *Quux, never a match
		files[fmt.Sprintf("d%d/f%03d.txt", i%7, i)] = text
	}
	files["few/a.txt"], files["few/b.txt"] = "oneRareToken here\n", "oneRareToken there\n"
	files["zz/q1.txt"], files["zz/q2.txt"] = "theQuux\n", "aQuux\n"
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx := context.Background()

	run := func(q string, limit int) Results {
		t.Helper()
		res, err := x.Search(ctx, q, limit)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	broad := run("*Marker", 5)
	if !broad.Approx || !broad.Scanned || len(broad.Hits) != 5 {
		t.Fatalf("broad scan: approx %v, scanned %v, %d hits; want an estimate with a full page", broad.Approx, broad.Scanned, len(broad.Hits))
	}
	if broad.Total < 200 || broad.Total > 600 {
		t.Fatalf("estimated total %d, want near 400", broad.Total)
	}
	for _, h := range broad.Hits {
		if !strings.Contains(h.Snippet, "theMarker") || h.Line != 1 {
			t.Fatalf("hit %+v does not hold the match", h)
		}
	}
	if again := run("*Marker", 5); !reflect.DeepEqual(hitPaths(again), hitPaths(broad)) {
		t.Fatalf("the page changed between runs: %v then %v", hitPaths(broad), hitPaths(again))
	}
	// 602 candidates, 2 matches: every candidate is read, past the
	// first chunk the index lists.
	sparse := run("*Quux", 5)
	if sparse.Approx || sparse.Total != 2 || len(sparse.Hits) != 2 {
		t.Fatalf("sparse scan: approx %v, total %d, %d hits; want exactly 2", sparse.Approx, sparse.Total, len(sparse.Hits))
	}
	narrow := run("*RareToken", 5)
	if narrow.Approx || narrow.Total != 2 || len(narrow.Hits) != 2 {
		t.Fatalf("narrow scan: approx %v, total %d, %d hits; want exactly 2", narrow.Approx, narrow.Total, len(narrow.Hits))
	}
}

// Case-sensitive camel-case wildcards are narrowed by a prefix lookup of
// code-word parts: the parts that once went unindexed (after a caseless
// letter, or longer than analysis.MaxTokenLen) must still lead to their files.
func TestCamelWildcardFindsEveryPlacement(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{
		"caseless.txt": "日本Marshaler\n",
		"long.txt":     "x" + "Marshaler" + strings.Repeat("q", 120) + "\n",
		"plain.txt":    "type TextMarshaler interface\n",
		"digit.txt":    "v2Marshaler\n",
		"acronym.txt":  "JSONMarshaler\n",
		"lower.txt":    "marshaler only in lowercase\n",
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	res, err := x.Search(context.Background(), "*Marshaler*", 20)
	if err != nil {
		t.Fatal(err)
	}
	got := hitPaths(res)
	slices.Sort(got)
	want := []string{"acronym.txt", "caseless.txt", "digit.txt", "long.txt", "plain.txt"}
	if !slices.Equal(got, want) {
		t.Fatalf("*Marshaler* found %v, want %v", got, want)
	}
}
