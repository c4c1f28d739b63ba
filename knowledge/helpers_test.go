package knowledge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/knowledge/query"
)

func write(t testing.TB, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeAll(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for rel, c := range files {
		write(t, root, rel, c)
	}
}

// openFiles writes files into a new workspace and opens its index,
// unwatched, once built.
func openFiles(t testing.TB, files map[string]string) *Index {
	t.Helper()
	ws := t.TempDir()
	writeAll(t, ws, files)
	return openReady(t, Options{Workspace: ws, NoWatch: true})
}

// openReady opens an index of ws in a private cache dir and waits for the
// first build.
func openReady(t testing.TB, opts Options) *Index {
	t.Helper()
	if opts.CacheDir == "" {
		opts.CacheDir = t.TempDir()
	}
	x, err := Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = x.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := x.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	return x
}

func search(t testing.TB, x *Index, q string) Results {
	t.Helper()
	res, err := x.Search(context.Background(), q, 50)
	if err != nil {
		t.Fatalf("Search(%q): %v", q, err)
	}
	return res
}

func hitPaths(res Results) []string {
	var out []string
	for _, h := range res.Hits {
		p := h.Path
		if h.Source != "" {
			p = h.Source + ":" + p
		}
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// indexedIDs lists what the index itself holds (not the in-memory table).
func indexedIDs(t testing.TB, x *Index) []string {
	t.Helper()
	stamps, err := loadStamps(x.idx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for id := range stamps {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// randomPieces joins pieces picked at random until the text is n bytes
// or longer: random texts built from what a test's matcher treats
// specially.
func randomPieces(rng *rand.Rand, pieces []string, n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// randomChars is n bytes picked at random from alphabet.
func randomChars(rng *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// hitCase is a search and what its hits must be: the files (sorted),
// and the first hit's line and highlighted text.
type hitCase struct {
	q     string
	paths []string
	line  int
	match string
}

// wantEach checks each case as a subtest (see wantHits).
func wantEach(t *testing.T, x *Index, cases []hitCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) { wantHits(t, x, c.q, c.paths, c.line, c.match) })
	}
}

// wantHits checks a search's files (sorted) and total, and its first
// hit's line and highlighted text.
func wantHits(t *testing.T, x *Index, q string, paths []string, line int, match string) {
	t.Helper()
	res := search(t, x, q)
	if got := hitPaths(res); !reflect.DeepEqual(got, paths) || res.Total != len(paths) {
		t.Fatalf("Search(%q) = %v (total %d), want %v", q, got, res.Total, paths)
	}
	h := res.Hits[0]
	if h.Line != line || len(h.Highlights) == 0 {
		t.Fatalf("Search(%q): line %d highlights %v in %q", q, h.Line, h.Highlights, h.Snippet)
	}
	if got := h.Snippet[h.Highlights[0][0]:h.Highlights[0][1]]; got != match {
		t.Errorf("Search(%q) highlights %q, want %q", q, got, match)
	}
}

// prefixDict is a dictionary that knows only the content terms a prefix
// begins; asked anything else, it answers as a query with no dictionary
// would assume: every path, term and definition may be there.
type prefixDict func(prefix string, max int) ([]string, bool)

func (p prefixDict) PathsContaining(string) (query.PathTerms, bool) { return query.PathTerms{}, false }
func (p prefixDict) PathTermIndexed(string) bool                    { return true }
func (p prefixDict) Known(string, bool) bool                        { return true }
func (p prefixDict) Defined(string) bool                            { return true }
func (p prefixDict) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	return p(prefix, max)
}

// parseQuery reads a query without OR, as the search reads it.
func parseQuery(s string) (*parsedQuery, error) {
	alts, err := parseAlternatives(s)
	if err != nil {
		return nil, err
	}
	if len(alts) != 1 {
		return nil, fmt.Errorf("%q has %d alternatives", s, len(alts))
	}
	return alts[0], nil
}

// parseTerm reads a query of one term and returns it.
func parseTerm(s string) (query.Term, error) {
	q, err := parseQuery(s)
	if err != nil {
		return query.Term{}, err
	}
	if len(q.Terms) != 1 {
		return query.Term{}, fmt.Errorf("%q has %d terms", s, len(q.Terms))
	}
	return q.Terms[0], nil
}
