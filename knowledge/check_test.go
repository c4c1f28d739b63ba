package knowledge

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/rank"
)

// TestSnippetsHandHitsInOrderAndStop: however the workers finish, enough
// sees the hits in the order given, and none after it returns true.
func TestSnippetsHandHitsInOrderAndStop(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{}
	var ids []string
	for i := range 120 {
		rel := fmt.Sprintf("f%03d.txt", i)
		files[rel] = "beta alpha\n"
		if i%7 == 3 {
			files[rel] = "alpha beta\n"
		}
		ids = append(ids, rel)
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	pq, err := parseQuery(`"alpha beta"`)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(ids) // not the order the files were written in
	scores := make([]float64, len(ids))
	for run := range 50 {
		var seen []string
		matched := 0
		x.snippets(context.Background(), pq, rank.Ranking{IDs: ids, Scores: scores}, func(h checkedHit) bool {
			seen = append(seen, h.Path)
			if h.dropped != (files[h.Path] != "alpha beta\n") {
				t.Fatalf("run %d: %s dropped %v", run, h.Path, h.dropped)
			}
			if !h.dropped {
				matched++
			}
			return matched == 5
		})
		// The fifth match from the end of f000..f119 is f087 (i%7 == 3:
		// 115, 108, 101, 94, 87), the 33rd id.
		if want := ids[:33]; !slices.Equal(seen, want) {
			t.Fatalf("run %d: enough saw %v, want %v", run, seen, want)
		}
	}
}

// cancelAfter is a context cancelled after its first n Err calls, so a
// test can stop a search at each point it checks.
type cancelAfter struct {
	context.Context
	calls atomic.Int32
	n     int32
}

func (c *cancelAfter) Err() error {
	if c.calls.Add(1) > c.n {
		return context.Canceled
	}
	return nil
}

// TestSearchCancelledWhileReadingFiles: a search stopped at any point
// returns its context's error or whole hits, never hits left unread.
func TestSearchCancelledWhileReadingFiles(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("f%02d.txt", i)] = "alpha beta\n"
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	for _, q := range []string{"alpha", `"alpha beta"`} {
		for n := range int32(60) {
			res, err := x.Search(&cancelAfter{Context: context.Background(), n: n}, q, 20)
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("%s, cancelled after %d checks: %v", q, n, err)
				}
				continue
			}
			for _, h := range res.Hits {
				if h.Path == "" || h.Line == 0 {
					t.Fatalf("%s, cancelled after %d checks: an unread hit %+v", q, n, h)
				}
			}
		}
	}
}
