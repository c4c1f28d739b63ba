package main

import (
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
)

// testCase is a query and its reference: a regexp that finds the same
// text in a line (of the files under the folder under), or the typo a
// typo~ query's terms are within one edit of.
type testCase struct {
	query, ref, under, typo string
}

var (
	identRe  = regexp.MustCompile(`[\pL\pN_]+`)
	pairRe   = regexp.MustCompile(`([\pL\pN_]+)[ \t]+([\pL\pN_]+)`)
	dottedRe = regexp.MustCompile(`[\pL\pN_]+[.:/>-]+[\pL\pN_]+`)
	kebabRe  = regexp.MustCompile(`^[\pL\pN_]+(-[\pL\pN_]+)+$`)
)

// wordStart and wordEnd are a grep -w's boundaries: a word is found
// between non-word characters (a hyphen is one).
const (
	wordStart = `(?:^|[^\pL\pN_])`
	wordEnd   = `(?:[^\pL\pN_]|$)`
)

type generator func(rng *rand.Rand, name, line string) (testCase, bool)

var generators = map[string]generator{
	"word": func(rng *rand.Rand, _, line string) (testCase, bool) {
		w, ok := pick(rng, identRe.FindAllString(line, -1))
		return testCase{query: w, ref: `(?i)` + wordStart + regexp.QuoteMeta(w) + wordEnd}, ok
	},
	"phrase": func(rng *rand.Rand, _, line string) (testCase, bool) {
		ms := pairRe.FindAllStringSubmatch(line, -1)
		if len(ms) == 0 {
			return testCase{}, false
		}
		m := ms[rng.IntN(len(ms))]
		return testCase{query: `"` + m[1] + " " + m[2] + `"`,
			ref: `(?i)` + wordStart + regexp.QuoteMeta(m[1]) + `\s+` + regexp.QuoteMeta(m[2])}, true
	},
	"dotted": func(rng *rand.Rand, _, line string) (testCase, bool) {
		d, ok := pick(rng, dottedRe.FindAllString(line, -1))
		ref := `(?i)` + wordStart + regexp.QuoteMeta(d)
		if kebabRe.MatchString(d) { // one hyphenated identifier: a word
			ref += wordEnd
		}
		return testCase{query: d, ref: ref}, ok
	},
	"prefix": func(rng *rand.Rand, _, line string) (testCase, bool) {
		w, ok := pick(rng, identRe.FindAllString(line, -1))
		if !ok || len(w) < 4 || !isASCII(w) {
			return testCase{}, false
		}
		w = w[:3+rng.IntN(len(w)-3)]
		return testCase{query: w + "*", ref: `(?i)` + wordStart + regexp.QuoteMeta(w)}, true
	},
	"wildcard": func(rng *rand.Rand, _, line string) (testCase, bool) {
		w, ok := pick(rng, identRe.FindAllString(line, -1))
		if !ok || len(w) < 5 || !isASCII(w) {
			return testCase{}, false
		}
		w = w[len(w)-4:]
		ref := `\w*` + regexp.QuoteMeta(w)
		if strings.ToLower(w) == w { // smart case, as the query has it
			ref = `(?i)` + ref
		}
		return testCase{query: "*" + w, ref: ref}, true
	},
	"path": func(rng *rand.Rand, name, line string) (testCase, bool) {
		w, ok := pick(rng, identRe.FindAllString(line, -1))
		dir := name[:max(strings.LastIndex(name, "/"), 0)]
		if i := strings.LastIndex(dir, "/"); i > 0 && rng.IntN(2) == 0 {
			dir = dir[:i]
		}
		if dir == "" {
			return testCase{}, false
		}
		return testCase{query: w + " path:" + dir + "/", under: dir + "/",
			ref: `(?i)` + wordStart + regexp.QuoteMeta(w) + wordEnd}, ok
	},
	"typo": func(rng *rand.Rand, _, line string) (testCase, bool) {
		w, ok := pick(rng, identRe.FindAllString(line, -1))
		w = strings.ToLower(w)
		if !ok || len(w) < 5 || !isASCII(w) {
			return testCase{}, false
		}
		i := rng.IntN(len(w) - 1)
		switch rng.IntN(3) { // drop, double or change a letter
		case 0:
			w = w[:i] + w[i+1:]
		case 1:
			w = w[:i] + w[i:i+1] + w[i:]
		default:
			w = w[:i] + "q" + w[i+1:]
		}
		return testCase{query: w + "~", typo: w}, true
	},
}

func kindNames() []string {
	var names []string
	for k := range generators {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

func pick(rng *rand.Rand, s []string) (string, bool) {
	if len(s) == 0 {
		return "", false
	}
	return s[rng.IntN(len(s))], true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
