package knowledge

import (
	"context"
	"fmt"
	"slices"
	"testing"
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
		x.snippets(context.Background(), pq, ids, scores, func(h checkedHit) bool {
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
