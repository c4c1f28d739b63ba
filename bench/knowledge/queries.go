//go:build unix

package main

import (
	"context"
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/knowledge"
	"github.com/hearth-agent/hearth/knowledge/ignore"
)

type benchQuery struct {
	kind, q string
	rg      []string // equivalent rg arguments
}

var goQueries = []benchQuery{
	{"term", "goroutine", []string{"-l", "-i", "-w", "goroutine"}},
	{"term", "func", []string{"-l", "-i", "-w", "func"}},
	{"identifier", "ErrNotExist", []string{"-l", "-i", "-w", "ErrNotExist"}},
	{"identifier", "NewReaderSize", []string{"-l", "-i", "-w", "NewReaderSize"}},
	{"words(AND)", "mutex unlock deadlock", []string{"-l", "-i", "-w", "deadlock"}},
	{"phrase", `"no such file or directory"`, []string{"-l", "-i", "no such file or directory"}},
	{"phrase", `"invalid argument"`, []string{"-l", "-i", "invalid argument"}},
	// Common words, adjacent in most files that hold them: the page
	// fills from the first files read, if the readers stop there.
	{"phrase", `"if err != nil {"`, []string{"-l", "-i", "-F", "if err != nil {"}},
	{"prefix", "marsh*", []string{"-l", "-i", `\bmarsh\w*`}},
	{"fuzzy", "goroutin~", []string{"-l", "-i", "-w", "goroutin."}},
	{"or", "ErrNotExist OR NewReaderSize", []string{"-l", "-i", "-w", "-e", "ErrNotExist", "-e", "NewReaderSize"}},
	{"filter", "context ext:go path:net/http", []string{"-l", "-i", "-w", "context", "-g", "**/net/http/**/*.go"}},
	{"scan(wildcard)", "*Marshaler", []string{"-l", `\w*Marshaler`}},
	{"scan(regex)", `/func \(\w+ \*Reader\) Read/`, []string{"-l", `func \(\w+ \*Reader\) Read`}},
}

func queries(ctx context.Context, x *knowledge.Index, corpus string, runs int, benchQueries []benchQuery) {
	fmt.Printf("QUERIES (top 20 with snippets; %d warm runs each, after one unmeasured) vs a warm rg -l over the same tree\n", runs)
	fmt.Printf("  %-15s %-32s %7s %9s %9s %9s %8s %9s\n", "kind", "query", "total", "p50", "p99", "rg", "rg/p99", "rg files")
	// Every index query is timed before rg runs at all: an rg reading the
	// whole tree between two kinds of query evicted the caches the next
	// kind's first timed runs found warm in use.
	type timed struct {
		lat   []time.Duration
		total int
	}
	results := make([]timed, len(benchQueries))
	for n, bq := range benchQueries {
		// Run zero warms up, as rg's does: both sides are timed warm.
		for i := 0; i <= runs; i++ {
			r, err := x.Search(ctx, bq.q, 20)
			if err != nil {
				fmt.Printf("  %-15s %-32s error: %v\n", bq.kind, bq.q, err)
				break
			}
			if i > 0 {
				results[n].lat = append(results[n].lat, r.Took)
			}
			results[n].total = r.Total
		}
	}
	for n, bq := range benchQueries {
		lat := results[n].lat
		if len(lat) == 0 {
			continue
		}
		p50, p99 := pct(lat, 50), pct(lat, 99)
		rgTime, rgFiles := rg(corpus, bq.rg)
		fmt.Printf("  %-15s %-32s %7d %9s %9s %9s %7.0fx %9d\n", bq.kind, bq.q, results[n].total, fmtDur(p50), fmtDur(p99),
			fmtDur(rgTime), float64(rgTime)/float64(p99), rgFiles)
	}
	fmt.Println()
}

// rg runs ripgrep once to warm up, then three times, and returns the
// median of the warm times (one run alone swings by half on a shared
// machine) and the number of files it listed.
func rg(corpus string, args []string) (time.Duration, int) {
	var warm []time.Duration
	var n int
	for i := 0; i < 4; i++ {
		cmd := exec.Command("rg", append(append(rgSameFiles(), args...), corpus)...)
		t0 := time.Now()
		out, _ := cmd.Output()
		if i > 0 {
			warm = append(warm, time.Since(t0))
		}
		n = strings.Count(string(out), "\n")
	}
	return pct(warm, 50), n
}

// rgSameFiles makes rg look at the files Hearth indexes: hidden files
// too, Hearth's default skip list, files up to the 2 MB content cap.
func rgSameFiles() []string {
	args := []string{"--hidden", "--max-filesize", "2M"}
	for _, s := range ignore.DefaultSkip {
		if name, ok := strings.CutSuffix(s, "/"); ok {
			args = append(args, "-g", "!**/"+name+"/**")
		} else {
			args = append(args, "-g", "!**/"+s)
		}
	}
	return args
}

func pct(d []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s)*p + 99) / 100
	return s[min(max(i-1, 0), len(s)-1)]
}

func fmtDur(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%.2fms", float64(d)/1e6)
	}
	return d.Round(100 * time.Microsecond).String()
}
