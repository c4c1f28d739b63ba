// Command searchdiff checks Hearth's search against a reference grep
// over a real tree, query by query and file by file: queries are drawn at
// random from the tree's own lines (a word, two adjacent words as a
// phrase, dotted or hyphenated text, a prefix, a *wildcard, a word under a
// path: filter, a word with a typo~), run through the index with no
// limit, and compared with the files a regexp finds in the same files the
// index holds. A file the reference finds and the index misses is a bug
// and makes the exit status 1. Files only the index finds are counted,
// not failed: its rules find more than a grep -w does (a word as a
// camelCase, snake_case or digit part, a phrase starting at one, a path:
// folder anywhere in the path, the query's text in a file's name). On
// the Go tree, 100 queries of each kind take about twenty minutes. What
// the index reads as encoded data (knowledge.DataSpans) is blanked in
// the reference: no word starts inside a hash.
//
//	go run ./bench/searchdiff [-corpus DIR] [-n 100] [-seed 1] [-kinds word,phrase,...]
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/hearth-agent/hearth/knowledge"
)

func main() {
	corpus := flag.String("corpus", filepath.Join(runtime.GOROOT(), "src"), "tree to search")
	cache := flag.String("cache", "", "index cache directory (default: a temporary one)")
	n := flag.Int("n", 100, "queries per kind")
	seed := flag.Uint64("seed", 1, "random seed")
	kinds := flag.String("kinds", strings.Join(kindNames(), ","), "kinds of query")
	flag.Parse()
	if err := run(*corpus, *cache, *n, *seed, strings.Split(*kinds, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "searchdiff:", err)
		os.Exit(2)
	}
}

func run(corpus, cache string, n int, seed uint64, kinds []string) error {
	tree, err := loadTree(corpus)
	if err != nil {
		return err
	}
	if cache == "" {
		if cache, err = os.MkdirTemp("", "searchdiff"); err != nil {
			return err
		}
		defer os.RemoveAll(cache)
	}
	ctx := context.Background()
	x, err := knowledge.Open(ctx, knowledge.Options{Workspace: corpus, CacheDir: cache, NoWatch: true})
	if err != nil {
		return err
	}
	defer x.Close()
	if err := x.Wait(ctx); err != nil {
		return err
	}
	fmt.Printf("%s: %d files\n", corpus, len(tree.names))
	rng := rand.New(rand.NewPCG(seed, 2))
	missed := 0
	for _, kind := range kinds {
		gen, ok := generators[kind]
		if !ok {
			return fmt.Errorf("unknown kind %q (known: %s)", kind, strings.Join(kindNames(), ", "))
		}
		checked, extra := 0, 0
		for tries := 0; tries < 20*n && checked < n; tries++ {
			name := tree.names[rng.IntN(len(tree.names))]
			lines := strings.Split(tree.files[name], "\n")
			c, ok := gen(rng, name, lines[rng.IntN(len(lines))])
			if !ok {
				continue
			}
			checked++
			res, err := x.Search(ctx, c.query, 1<<30)
			if err != nil {
				return fmt.Errorf("%s %q: %w", kind, c.query, err)
			}
			miss, more := compare(tree.matching(c), res)
			missed += len(miss)
			extra += len(more)
			if len(miss) > 0 {
				fmt.Printf("MISSED %s %q (drawn from %s): %d files, e.g. %s\n", kind, c.query, name, len(miss), head(miss))
			}
		}
		fmt.Printf("%-9s %d queries, %d files the index alone found\n", kind, checked, extra)
	}
	if missed > 0 {
		fmt.Printf("%d files missed\n", missed)
		os.Exit(1)
	}
	fmt.Println("no file missed")
	return nil
}

// compare lists the files the reference finds that the search does not,
// and the other way round.
func compare(want map[string]bool, res knowledge.Results) (missed, extra []string) {
	got := map[string]bool{}
	for _, h := range res.Hits {
		got[h.Path] = true
		if !want[h.Path] {
			extra = append(extra, h.Path)
		}
	}
	for p := range want {
		if !got[p] {
			missed = append(missed, p)
		}
	}
	sort.Strings(missed)
	return missed, extra
}

func head(s []string) string {
	if len(s) > 3 {
		return strings.Join(s[:3], ", ") + fmt.Sprintf(" and %d more", len(s)-3)
	}
	return strings.Join(s, ", ")
}
