package rank

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/collector"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// The fields of the test indexes: text and a path, both analyzed.
const (
	fieldContent = "content"
	fieldPath    = "path"
)

func testMapping() mapping.IndexMapping {
	m := bleve.NewIndexMapping()
	m.ScoringModel = index.BM25Scoring
	return m
}

// newStore creates a scorch index in a temporary folder, merging as the
// knowledge index does, closed when the test ends.
func newStore(t *testing.T) bleve.Index {
	t.Helper()
	idx, err := bleve.NewUsing(filepath.Join(t.TempDir(), "index"), testMapping(), scorch.Name, scorch.Name, map[string]any{
		"unsafe_batch": true,
		"scorchMergePlanOptions": map[string]any{
			"MaxSegmentSize":   5000,
			"FloorSegmentSize": 500,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = idx.Close() })
	return idx
}

// indexDocs writes docs (id to content) in one batch, each with its id
// as its path; an empty content deletes the document.
func indexDocs(t *testing.T, idx bleve.Index, docs map[string]string) {
	t.Helper()
	b := idx.NewBatch()
	for id, content := range docs {
		if content == "" {
			b.Delete(id)
			continue
		}
		if err := b.Index(id, map[string]any{fieldContent: content, fieldPath: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := idx.Batch(b); err != nil {
		t.Fatal(err)
	}
}

// snapshot holds the index's current snapshot until the test ends.
func snapshot(t *testing.T, idx bleve.Index) *scorch.IndexSnapshot {
	t.Helper()
	adv, err := idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r.(*scorch.IndexSnapshot)
}

// churnedSnapshot indexes 240 files of five common words, some repeating
// the one before (so scores tie), then edits and deletes every third, one
// batch each, so the snapshot it returns has several segments and
// deleted documents.
func churnedSnapshot(t *testing.T) *scorch.IndexSnapshot {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 9))
	words := []string{"alpha", "beta", "gamma", "delta", "omega"}
	files := map[string]string{}
	for i := range 240 {
		var b strings.Builder
		// Every fourth file repeats the one before, so scores tie.
		n := 1 + rng.IntN(60)
		if i%4 == 3 {
			b.WriteString(files[fmt.Sprintf("f%03d.txt", i-1)])
		} else {
			for range n {
				b.WriteString(words[rng.IntN(len(words))] + fmt.Sprint(rng.IntN(3)) + " " + words[rng.IntN(len(words))] + "\n")
			}
		}
		files[fmt.Sprintf("f%03d.txt", i)] = b.String()
	}
	idx := newStore(t)
	indexDocs(t, idx, files)
	// Edits and deletes leave segments with deleted documents.
	for i := 0; i < 240; i += 3 {
		id := fmt.Sprintf("f%03d.txt", i)
		edit := ""
		if i%2 == 0 {
			edit = files[id] + "alpha beta alpha\n"
		}
		indexDocs(t, idx, map[string]string{id: edit})
	}
	// Background merges change the segments (and so the order of ties)
	// between two searches: both read one snapshot.
	snap := snapshot(t, idx)
	segments, deleted := 0, uint64(0)
	for _, s := range snap.Segments() {
		segments++
		if d := s.Deleted(); d != nil {
			deleted += d.GetCardinality()
		}
	}
	if segments < 2 || deleted == 0 {
		t.Fatalf("index has %d segments and %d deleted documents; the test needs several and some", segments, deleted)
	}
	return snap
}

func termQuery(term, field string) *bleveq.TermQuery {
	tq := bleveq.NewTermQuery(term)
	tq.SetField(field)
	return tq
}

// bleveTop runs bleve's own searcher and top-N collector on snap.
func bleveTop(t *testing.T, ctx context.Context, snap *scorch.IndexSnapshot, q bleveq.Query, size, from int) ([]*bsearch.DocumentMatch, int) {
	t.Helper()
	s, err := q.Searcher(ctx, snap, testMapping(), bsearch.SearcherOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := collector.NewTopNCollector(size, from, bsearch.SortOrder{&bsearch.SortScore{Desc: true}})
	if err := c.Collect(ctx, s, snap); err != nil {
		t.Fatal(err)
	}
	return c.Results(), int(c.Total())
}

// sameAsBleve fails the test unless a page (ids, scores, total) is the
// one bleve's collector gave.
func sameAsBleve(t *testing.T, what string, ids []string, scores []float64, total int, hits []*bsearch.DocumentMatch, bleveTotal int) {
	t.Helper()
	if total != bleveTotal || len(ids) != len(hits) {
		t.Fatalf("%s: %d of %d hits, bleve %d of %d", what, len(ids), total, len(hits), bleveTotal)
	}
	for i, h := range hits {
		if ids[i] != h.ID || scores[i] != h.Score {
			t.Fatalf("%s: hit %d is %s %v, bleve's %s %v", what, i, ids[i], scores[i], h.ID, h.Score)
		}
	}
}
