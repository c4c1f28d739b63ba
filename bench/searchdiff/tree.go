package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hearth-agent/hearth/knowledge"
	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// maxFile and sniffLen are the index's defaults: larger and binary files
// are not searched for their text.
const (
	maxFile  = 2 << 20
	sniffLen = 8 << 10
)

// tree holds the text of the files the index searches.
type tree struct {
	names []string
	files map[string]string
	terms map[string][]string // each file's distinct index terms, for typo~ queries
}

func loadTree(root string) (*tree, error) {
	m, err := ignore.Load(root, ignore.Options{})
	if err != nil {
		return nil, err
	}
	t := &tree{files: map[string]string{}}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: the index skips it too
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if m.Ignored(rel, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) > maxFile || bytes.IndexByte(b[:min(len(b), sniffLen)], 0) >= 0 {
			return nil
		}
		t.files[rel] = string(blankData(b))
		t.names = append(t.names, rel)
		return nil
	})
	sort.Strings(t.names)
	return t, err
}

// blankData blanks what the index reads as encoded data (a hash, a line
// of base64), where it finds no word, so the reference finds none there.
func blankData(b []byte) []byte {
	for _, span := range knowledge.DataSpans(b) {
		for i := span[0]; i < span[1]; i++ {
			b[i] = ' '
		}
	}
	return b
}

// matching lists the files a case's reference finds: its regexp on one
// of their lines, or for a typo~ a term within one edit.
func (t *tree) matching(c testCase) map[string]bool {
	want := map[string]bool{}
	if c.typo != "" {
		if t.terms == nil {
			t.terms = map[string][]string{}
			for _, name := range t.names {
				t.terms[name] = distinct(knowledge.Tokens(t.files[name]))
			}
		}
		for _, name := range t.names {
			for _, term := range t.terms[name] {
				if withinOneEdit([]rune(term), []rune(c.typo)) {
					want[name] = true
					break
				}
			}
		}
		return want
	}
	re := regexp.MustCompile(c.ref)
	for _, name := range t.names {
		if !strings.HasPrefix(name, c.under) {
			continue
		}
		for _, line := range strings.Split(t.files[name], "\n") {
			if re.MatchString(line) {
				want[name] = true
				break
			}
		}
	}
	return want
}

func distinct(ts []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ts {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// withinOneEdit: a and b are at most one insertion, deletion or
// substitution of a rune apart (bleve's fuzziness 1).
func withinOneEdit(a, b []rune) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	switch len(a) - len(b) {
	case 0:
		return i >= len(a)-1 || string(a[i+1:]) == string(b[i+1:])
	case 1:
		return string(a[i+1:]) == string(b[i:])
	}
	return false
}
