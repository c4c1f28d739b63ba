package knowledge

import (
	"context"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FileMatch is a result of FindFiles.
type FileMatch struct {
	Path      string  `json:"path"`
	Source    string  `json:"source,omitempty"`
	Score     float64 `json:"score"`
	Positions []int   `json:"positions,omitempty"` // byte offsets in Path of the matched characters
}

// FindFiles is the fuzzy file-name lookup behind @-mentions: the
// pattern's characters must appear in order in the path, case-insensitive;
// matches in the file name, at word starts and in runs rank first. It
// searches every indexed file, including binary and oversized ones.
func (x *Index) FindFiles(ctx context.Context, pattern string, limit int) ([]FileMatch, error) {
	if limit <= 0 {
		limit = 20
	}
	pat := strings.ToLower(strings.Join(strings.Fields(pattern), ""))
	x.mu.Lock()
	ids := make([]string, 0, len(x.files))
	for id := range x.files {
		ids = append(ids, id)
	}
	x.mu.Unlock()
	var out []FileMatch
	for i, id := range ids {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		src, rel := x.locate(id)
		score, pos, ok := fuzzyScore(rel, pat)
		if !ok {
			continue
		}
		out = append(out, FileMatch{Path: rel, Source: src.label, Score: score, Positions: pos})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if len(a.Path) != len(b.Path) {
			return len(a.Path) < len(b.Path)
		}
		return a.Source+a.Path < b.Source+b.Path
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// fuzzyScore matches pat (lowercase) as a subsequence of path. It tries
// each starting point of the first character and keeps the best score.
func fuzzyScore(path, pat string) (float64, []int, bool) {
	if pat == "" {
		return 0, nil, true
	}
	low := strings.ToLower(path)
	if len(low) != len(path) {
		low = path // non-ASCII case folding changed lengths: match as is
	}
	base := strings.LastIndexByte(path, '/') + 1
	best, found := -1.0, false
	var bestPos []int
	first, _ := utf8.DecodeRuneInString(pat)
	for start, tries := 0, 0; tries < 8; tries++ {
		i := strings.IndexRune(low[start:], first)
		if i < 0 {
			break
		}
		s, pos, ok := scoreFrom(path, low, pat, start+i, base)
		if !ok {
			break // no later start can match either
		}
		if !found || s > best {
			best, bestPos, found = s, pos, true
		}
		start += i + 1
	}
	return best, bestPos, found
}

func scoreFrom(path, low, pat string, at, base int) (float64, []int, bool) {
	var pos []int
	score := 0.0
	prev := -2
	j := at
	for _, r := range pat {
		i := strings.IndexRune(low[j:], r)
		if i < 0 {
			return 0, nil, false
		}
		i += j
		score += 1
		if i == prev+1 {
			score += 2 // runs
		}
		if isWordStart(path, i) {
			score += 3
		}
		if i >= base {
			score += 1.5 // in the file name
		}
		pos = append(pos, i)
		prev = i
		j = i + utf8.RuneLen(r)
	}
	if strings.HasPrefix(low[base:], pat) {
		score += 5
	}
	score -= float64(pos[len(pos)-1]-pos[0]) * 0.05 // spread-out matches rank lower
	return score, pos, true
}

// isWordStart: after a separator, or a lower→upper change.
func isWordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	p, _ := utf8.DecodeLastRuneInString(s[:i])
	c, _ := utf8.DecodeRuneInString(s[i:])
	if strings.ContainsRune("/_-. ", p) {
		return true
	}
	return unicode.IsLower(p) && unicode.IsUpper(c)
}
