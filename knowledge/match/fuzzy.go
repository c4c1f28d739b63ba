package match

import (
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// fuzzySpans finds identifiers and identifier parts within fuzz edits.
func fuzzySpans(data []byte, want string, fuzz int) [][2]int {
	var out [][2]int
	var parts [16][2]int
	asciiWant := IsASCII(want) && len(want) < maxFoldDistance
	check := func(a, b int) {
		if len(out) >= maxMatchesFound || abs(b-a-len(want)) > fuzz {
			return
		}
		d, ok := 0, false
		if asciiWant {
			d, ok = foldedDistance(data[a:b], want, fuzz)
		}
		if !ok {
			d = editDistance(analysis.FoldString(string(data[a:b])), want, fuzz)
		}
		if d <= fuzz {
			out = append(out, [2]int{a, b})
		}
	}
	analysis.ForEachIdent(data, func(start, end int) {
		check(start, end)
		ps := analysis.SplitParts(data[start:end], parts[:0])
		if len(ps) > 1 {
			for _, p := range ps {
				check(start+p[0], start+p[1])
			}
		}
	})
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// maxFoldDistance bounds the words foldedDistance takes (its rows live
// on the stack).
const maxFoldDistance = 64

// foldedDistance is editDistance for an ASCII word a (case ignored)
// against a lowercase ASCII want shorter than maxFoldDistance, without
// allocating: fuzzy snippets compare every identifier of a file. ok is
// false when a is not ASCII.
func foldedDistance(a []byte, want string, limit int) (d int, ok bool) {
	var prev, cur [maxFoldDistance + 1]int
	for j := 0; j <= len(want); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		c := a[i-1]
		if c >= utf8.RuneSelf {
			return 0, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(want); j++ {
			cost := 1
			if c == want[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1, true // rows only grow: the rest cannot bring it back
		}
		prev, cur = cur, prev
	}
	return prev[len(want)], true
}

// editDistance is Levenshtein distance, giving up above limit.
func editDistance(a, b string, limit int) int {
	ar, br := []rune(a), []rune(b)
	prev := make([]int, len(br)+1)
	cur := make([]int, len(br)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ar); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(br); j++ {
			cost := 1
			if ar[i-1] == br[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(br)]
}
