package undo

import (
	"bytes"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// Change is what a finished turn did to one file, for the per-turn summary.
type Change struct {
	Path    string `json:"path"`
	Created bool   `json:"created,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
	// Diff is the unified diff, cut after maxDiffLines; empty for binary
	// or very large files (Binary says which).
	Diff   string `json:"diff,omitempty"`
	Binary bool   `json:"binary,omitempty"`
}

const (
	maxDiffBytes = 1 << 20
	maxDiffLines = 400
)

// Changes describes each file the finished turn changed, with line counts
// and its diff. Files whose content is unchanged (touched and restored)
// are left out.
func (t *Turn) Changes() ([]Change, error) {
	t.mu.Lock()
	files := append([]fileRec(nil), t.m.Files...)
	t.mu.Unlock()
	var out []Change
	for _, f := range files {
		if f.After == nil || f.Before.same(*f.After) {
			continue
		}
		c := Change{Path: f.Path, Created: !f.Before.Exists, Deleted: !f.After.Exists}
		before, err := t.content(f.Before)
		if err != nil {
			return nil, err
		}
		after, err := t.content(*f.After)
		if err != nil {
			return nil, err
		}
		if isBinary(before) || isBinary(after) || len(before) > maxDiffBytes || len(after) > maxDiffBytes {
			c.Binary = true
			out = append(out, c)
			continue
		}
		diff := udiff.Unified("a/"+f.Path, "b/"+f.Path, string(before), string(after))
		c.Added, c.Removed = countLines(diff)
		c.Diff = clip(diff)
		out = append(out, c)
	}
	return out, nil
}

func (t *Turn) content(v version) ([]byte, error) {
	if !v.Exists || v.Blob == "" {
		return nil, nil
	}
	return t.s.blob(v.Blob)
}

func isBinary(b []byte) bool { return bytes.IndexByte(b[:min(len(b), 8192)], 0) >= 0 }

func countLines(diff string) (added, removed int) {
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			added++
		case strings.HasPrefix(l, "-"):
			removed++
		}
	}
	return added, removed
}

func clip(diff string) string {
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) <= maxDiffLines {
		return diff
	}
	return strings.Join(lines[:maxDiffLines], "") + "… (diff cut; the file has more changes)\n"
}
