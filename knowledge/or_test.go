package knowledge

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

func TestSearchOr(t *testing.T) {
	x := searchFixture(t)
	tests := []struct {
		q    string
		want []string
	}{
		{"needle OR haystack", []string{"notes/big.txt"}},
		{"errNoSuchContainer OR list-containers", []string{"docs/containers.md", "server/errors.go", "server/http.go"}},
		{"HandleRequest OR snake_case_value OR parseHTTPRequest_v2", []string{"server/http.go", "web/app.ts", "web/util.js"}},
		{"(containers OR container) ext:md", []string{"docs/containers.md", "docs/running.md"}},
		{"containers ext:md OR container", []string{"docs/containers.md", "docs/running.md", "server/errors.go", "server/http.go"}},
		{`"no such container" OR "free lunch"`, []string{"docs/running.md", "server/errors.go"}},
		{`/snake_\w+/ OR HandleRequest`, []string{"server/http.go", "web/util.js"}}, // a scan and an index query
		{"(container OR containers) -path:server/err", []string{"docs/containers.md", "docs/running.md", "server/http.go"}},
		{"path:docs/running OR path:web/app", []string{"docs/running.md", "web/app.ts"}},
		{"needle or haystack", nil}, // "or" is a word no file holds
		{"haystack OR", []string{"notes/big.txt"}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res := search(t, x, tt.q)
			if got := hitPaths(res); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Search(%q) = %v, want %v", tt.q, got, tt.want)
			}
			if res.Total != len(tt.want) || res.Approx {
				t.Errorf("Total = %d (approx %v), want %d exactly", res.Total, res.Approx, len(tt.want))
			}
		})
	}
	if _, err := x.Search(context.Background(), "needle OR /[/", 10); !errors.Is(err, ErrBadQuery) {
		t.Errorf("a bad alternative: err = %v, want ErrBadQuery", err)
	}
}

func TestSearchOrPagesAndHighlights(t *testing.T) {
	x := searchFixture(t)
	// Both alternatives hold the file's best line: one hit, scored as
	// both, with each word highlighted.
	res := search(t, x, "errNoSuchContainer OR errors")
	var hit Hit
	for _, h := range res.Hits {
		if h.Path == "server/errors.go" {
			hit = h
		}
	}
	for _, q := range []string{"errNoSuchContainer", "errors"} {
		for _, h := range search(t, x, q).Hits {
			if h.Path == hit.Path && hit.Score <= h.Score {
				t.Errorf("score %v, want more than %q alone (%v)", hit.Score, q, h.Score)
			}
		}
	}
	var marked []string
	for _, r := range hit.Highlights {
		marked = append(marked, hit.Snippet[r[0]:r[1]])
	}
	if !reflect.DeepEqual(marked, []string{"errNoSuchContainer", "errors"}) {
		t.Errorf("highlights %q in %q, want both words", marked, hit.Snippet)
	}
	// A page shorter than the union: the best first, the total counted.
	page, err := x.Search(context.Background(), "container OR containers", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hits) != 2 || page.Total < 4 {
		t.Errorf("limit 2: %d hits, total %d; want 2 of at least 4", len(page.Hits), page.Total)
	}
}

func TestJoinAlternatives(t *testing.T) {
	a := Results{Total: 2, Hits: []Hit{
		{Path: "x", Score: 2, Line: 3, Lines: []int{3, 9}, Snippet: "foo bar", Highlights: [][2]int{{0, 3}}},
		{Path: "y", Score: 1, Line: 1, Lines: []int{1}},
	}}
	b := Results{Total: 3, Approx: true, Hits: []Hit{
		{Path: "x", Score: 1.5, Line: 3, Lines: []int{3, 4}, Snippet: "foo bar", Highlights: [][2]int{{4, 7}}},
		{Path: "z", Score: 0.5, Line: 2, Lines: []int{2}},
	}}
	got := joinAlternatives([]Results{a, b}, 10)
	want := Results{Total: 4, Approx: true, Hits: []Hit{
		{Path: "x", Score: 3.5, Line: 3, Lines: []int{3, 4, 9}, Snippet: "foo bar", Highlights: [][2]int{{0, 3}, {4, 7}}},
		{Path: "y", Score: 1, Line: 1, Lines: []int{1}},
		{Path: "z", Score: 0.5, Line: 2, Lines: []int{2}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("joinAlternatives =\n%+v\nwant\n%+v", got, want)
	}
	if got := joinAlternatives([]Results{a, b}, 1); len(got.Hits) != 1 || got.Hits[0].Path != "x" || got.Total != 4 {
		t.Errorf("limit 1: %+v, want x alone of 4", got)
	}
	if got := joinRanges([][2]int{{5, 9}, {0, 2}}, [][2]int{{1, 4}, {8, 12}}); !reflect.DeepEqual(got, [][2]int{{0, 4}, {5, 12}}) {
		t.Errorf("joinRanges = %v", got)
	}
}
