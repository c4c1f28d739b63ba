package project

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge"
)

// building is a workspace big enough that its first build is still running
// when the test reopens or closes its index.
func building(t *testing.T) string {
	t.Helper()
	filler := strings.Repeat("// words that the index has to tokenize and store, one line after another\n", 40)
	dir := t.TempDir()
	for i := range 3000 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d", i%30), fmt.Sprintf("f%d.go", i)), fmt.Sprintf("package d\n\n// file %d holds the needle\nfunc F%d() {}\n%s", i, i, filler))
	}
	return dir
}

// untilReady reads statuses until one says the index is ready.
func untilReady(statuses <-chan knowledge.Status) {
	for s := range statuses {
		if s.State == knowledge.StateReady {
			return
		}
	}
}

func TestAReopenedIndexIsTheSharedOneEvenMidBuild(t *testing.T) {
	dir, cache := building(t), t.TempDir()
	statuses := make(chan knowledge.Status, 4096)
	p, err := Open(t.Context(), dir, stores(t), Options{Index: &IndexOptions{CacheDir: cache,
		OnStatus: func(s knowledge.Status) { statuses <- s }}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for range 3 { // each reopen finds its predecessor still building
		p.OpenIndex(t.Context())
	}
	untilReady(statuses)
	ix := p.Index()
	if ix == nil {
		t.Fatal("no index after it reported ready")
	}
	if where, shared := ix.SharedDir(); !shared {
		t.Fatalf("the reopened index is a private copy at %s: its predecessor still held the shared one", where)
	}
}

func TestCloseWaitsForAReopeningInFlight(t *testing.T) {
	dir, cache := building(t), t.TempDir()
	p, err := Open(t.Context(), dir, stores(t), Options{Index: &IndexOptions{CacheDir: cache}})
	if err != nil {
		t.Fatal(err)
	}
	p.OpenIndex(t.Context())
	p.Close()
	if p.Index() != nil {
		t.Fatal("a reopening installed an index after Close")
	}
	// Everything the project opened is closed: the next opener gets the shared index.
	ix, err := knowledge.Open(t.Context(), knowledge.Options{Workspace: dir, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if where, shared := ix.SharedDir(); !shared {
		t.Fatalf("after Close the index was still held: a private copy at %s", where)
	}
}
