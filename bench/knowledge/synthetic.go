package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
)

// The synthetic tier: n files of about 10 KB of identifiers drawn from
// 5,000 (each file holds about one in six of them), in 100 × 1,000
// folders: d{i%100}/d{i%1000}/f{i}.txt.

func synthWords() []string {
	rng := rand.New(rand.NewSource(7))
	words := make([]string, 5000)
	for i := range words {
		words[i] = fmt.Sprintf("%s%s%d", []string{"get", "set", "parse", "load", "new", "read"}[rng.Intn(6)],
			[]string{"Config", "Value", "Buffer", "Node", "Item", "State"}[rng.Intn(6)], rng.Intn(1000))
	}
	return words
}

// generate writes n files of about 10 KB of identifier-rich text.
func generate(dir string, n int) error {
	rng := rand.New(rand.NewSource(42))
	words := synthWords()
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.Reset()
		for b.Len() < 10000 {
			b.WriteString(words[rng.Intn(len(words))])
			if rng.Intn(8) == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
		p := filepath.Join(dir, fmt.Sprintf("d%d", i%100), fmt.Sprintf("d%d", i%1000), fmt.Sprintf("f%d.txt", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// syntheticQueries are built from the generated words, so each finds
// files: an identifier in about a sixth of them, two in about 3%, a
// phrase (the first two words of a line of file 0) in a handful.
func syntheticQueries(corpus string) ([]benchQuery, error) {
	words := synthWords()
	first, err := os.ReadFile(filepath.Join(corpus, "d0", "d0", "f0.txt"))
	if err != nil {
		return nil, err
	}
	phrase := ""
	for _, line := range strings.Split(string(first), "\n") { // phrases stay within a line
		if w := strings.Fields(line); len(w) >= 2 {
			phrase = w[0] + " " + w[1]
			break
		}
	}
	ident, a, b := words[7], words[3], words[9]
	prefix := strings.ToLower(ident[:len(ident)-1])
	return []benchQuery{
		{"term", "buffer", []string{"-l", "-i", "buffer"}},
		{"identifier", ident, []string{"-l", "-i", "-w", ident}},
		{"words(AND)", a + " " + b, []string{"-l", "-i", "-w", a}},
		{"phrase", `"` + phrase + `"`, []string{"-l", "-i", phrase}},
		{"prefix", prefix + "*", []string{"-l", "-i", `\b` + prefix}},
		// The index matches camelCase parts ("Buffer" in getBuffer281),
		// which rg -w does not see as words: rg looks for the part itself.
		{"fuzzy", "bufer~", []string{"-l", "-i", "buffer"}},
		{"filter", "state path:d7/d107/", []string{"-l", "-i", "state", "-g", "**/d7/d107/**"}},
		{"scan(wildcard)", "*Node42", []string{"-l", `\w*Node42`}},
		{"scan(regex)", `/getValue\d+ setValue/`, []string{"-l", `getValue\d+ setValue`}},
	}, nil
}
