package knowledge

import (
	"slices"

	"github.com/hearth-agent/hearth/knowledge/match"
)

// joinAlternatives merges the results of a query's alternatives: a file
// found by several is one hit scoring their sum, as a disjunction in the
// index scores, with the lines of each.
func joinAlternatives(each []Results, limit int) Results {
	var res Results
	at := map[[2]string]int{}
	overlap, sum, most := 0, 0, 0
	for _, r := range each {
		res.Scanned = res.Scanned || r.Scanned
		res.Approx = res.Approx || r.Approx || r.Total > len(r.Hits)
		sum, most = sum+r.Total, max(most, r.Total)
		for _, h := range r.Hits {
			key := [2]string{h.Source, h.Path}
			if i, ok := at[key]; ok {
				res.Hits[i] = joinHits(res.Hits[i], h)
				overlap++
				continue
			}
			at[key] = len(res.Hits)
			res.Hits = append(res.Hits, h)
		}
	}
	sortHits(res.Hits)
	res.Total = len(res.Hits)
	if res.Approx {
		// The files found by several alternatives are known only among
		// the hits seen.
		res.Total = max(res.Total, most, sum-overlap)
	}
	res.Hits = res.Hits[:min(len(res.Hits), limit)]
	return res
}

// joinHits is one file's hit from two alternatives: the better one's
// snippet (with the other's highlights when it shows the same line).
func joinHits(a, b Hit) Hit {
	if b.Score > a.Score {
		a, b = b, a
	}
	out := a
	out.Score = a.Score + b.Score
	out.Lines = slices.Compact(slices.Sorted(slices.Values(append(slices.Clip(a.Lines), b.Lines...))))
	out.Lines = out.Lines[:min(len(out.Lines), match.MaxLines)]
	if a.Line == b.Line && a.Snippet == b.Snippet && len(b.Highlights) > 0 {
		out.Highlights = joinRanges(a.Highlights, b.Highlights)
	}
	return out
}

// joinRanges is the union of two sets of byte ranges, sorted, with
// overlapping ones merged.
func joinRanges(a, b [][2]int) [][2]int {
	all := slices.SortedFunc(slices.Values(append(slices.Clip(a), b...)), func(x, y [2]int) int { return x[0] - y[0] })
	out := all[:0]
	for _, r := range all {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}
