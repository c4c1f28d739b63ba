package knowledge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// The counted fields the index is built with must produce exactly what
// the registered analyzers (used by bleve at query time) produce.
func TestCountedFieldsMatchAnalyzers(t *testing.T) {
	inputs := []string{
		"",
		"func parseHTTPRequest_v2(req *Request) error { return req.Err }",
		"no such  container\n\tno SUCH container ÄrgerÖl straße",
		"これは日本語のテキスト 데이터를 日本Server ΣΊΣΥΦΟΣ",
		strings.Repeat("x := a + b // HTTPServer\r\n", 50),
	}
	fields := []struct {
		name  string
		ana   bleveanalysis.Analyzer
		field func([]byte) *countedField
	}{
		{"content", codeAnalyzer{}, func(b []byte) *countedField { return newContentField("f", b) }},
		{"grams", trigramAnalyzer{}, func(b []byte) *countedField { return newGramField("f", b) }},
	}
	// Each input runs twice, so the second count reuses the maps the
	// first one recycled (and other inputs' of the same size class).
	inputs = append(inputs, inputs...)
	for _, f := range fields {
		for _, in := range inputs {
			want := document.NewTextFieldCustom("f", nil, []byte(in), index.IndexField, f.ana)
			want.Analyze()
			got := f.field([]byte(in))
			got.Analyze()
			if got.AnalyzedLength() != want.AnalyzedLength() {
				t.Errorf("%s %.20q: length %d, want %d", f.name, in, got.AnalyzedLength(), want.AnalyzedLength())
			}
			if g, w := freqMap(got.AnalyzedTokenFrequencies()), freqMap(want.AnalyzedTokenFrequencies()); !reflect.DeepEqual(g, w) {
				t.Errorf("%s %.20q: frequencies\n got %v\nwant %v", f.name, in, g, w)
			}
			if got.Size() != 64+len("f")+len(in)+got.freqs.Size() {
				t.Errorf("%s %.20q: kept size %d, the map's is %d", f.name, in, got.Size()-65-len(in), got.freqs.Size())
			}
			got.recycle()
		}
	}
}

// A recycled counter is empty and has room for every count of its class.
func TestCounterMemClasses(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 6, 7, 8, 13, 14, 15, 100, 895, 896, 897, 4000, 1 << 17} {
		m := getCounterMem(n)
		if cap(m.slab) < n || counterCap(m.class) < n {
			t.Fatalf("%d terms: class %d holds %d, slab %d", n, m.class, counterCap(m.class), cap(m.slab))
		}
		m.slab = append(m.slab, index.TokenFreq{Term: []byte("x")})
		m.freqs["x"] = &m.slab[0]
		m.put()
		again := getCounterMem(n)
		if len(again.freqs) != 0 || len(again.slab) != 0 || (cap(again.slab) > 0 && again.slab[:1][0].Term != nil) {
			t.Fatalf("%d terms: a recycled counter holds %d terms, %d entries", n, len(again.freqs), len(again.slab))
		}
		again.put()
	}
}

func freqMap(tf index.TokenFrequencies) map[string]int {
	out := map[string]int{}
	for k, v := range tf {
		out[k] = v.Frequency()
	}
	return out
}

func gramsOf(text string) map[string]bool {
	out := map[string]bool{}
	analysis.EachDistinctGram([]byte(text), nil, func(g []byte) { out[string(g)] = true })
	return out
}

// randomText mixes what normalization treats specially: case, runs of
// different whitespace, punctuation and multi-byte letters.
func randomText(rng *rand.Rand, n int) string {
	pieces := []string{"a", "b", "Ab", "_", "9", " ", "  ", "\n", "\t \r\n", ".", "(", "é", "ß", "ab cd", "X", "sK", "日", "本", "語"}
	return randomPieces(rng, pieces, n)
}

// The filter must never drop a real match: every gram of any substring is
// among the grams of the whole text.
func TestGramsOfASubstringAreInTheText(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		text := randomText(rng, 60)
		all := gramsOf(text)
		a := rng.IntN(len(text))
		b := a + rng.IntN(len(text)-a+1)
		for _, g := range analysis.LiteralGrams(text[a:b]) {
			if !all[g] {
				t.Fatalf("gram %q of %q is not among the grams of %q", g, text[a:b], text)
			}
		}
	}
}

// The index-backed answers to phrases, regexes and wildcards must list
// exactly the files a line-by-line grep lists (a phrase's grep starting
// at a word, as analysis.WordsOf has it).
func TestIndexedPatternsMatchAGrep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	words := []string{"alpha", "Beta", "gamma_ray", "deltaForce", "eps", "zeta9", "the", "of",
		"日Force", "xForce" + strings.Repeat("z", 100), "FORCEBeta", "force", // parts a camel-case prefix lookup must not miss
		"日本語", "これは日本", "語", // CJK words are found within runs
		"xalpha", "proof", "betamax", "theory"} // a phrase starts a word, its last word may go on
	spaces := []string{" ", "  ", "\t", " \t "}
	files := map[string]string{}
	for i := 0; i < 120; i++ {
		var b strings.Builder
		for l := 0; l < 1+rng.IntN(6); l++ {
			for w := 0; w < 1+rng.IntN(6); w++ {
				if w > 0 {
					b.WriteString(spaces[rng.IntN(len(spaces))])
				}
				word := words[rng.IntN(len(words))]
				if rng.IntN(5) == 0 {
					word = strings.ToUpper(word)
				}
				b.WriteString(word)
			}
			b.WriteString([]string{"\n", ";\n", "\r\n"}[rng.IntN(3)])
		}
		files[fmt.Sprintf("d%d/f%d.txt", i%7, i)] = b.String()
	}
	ws := t.TempDir()
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	queries := []struct{ q, re string }{
		{`"alpha beta"`, `(?i)(?:^|[^\pL\pN_])alpha\s+beta`},
		{`"the gamma_ray of"`, `(?i)(?:^|[^\pL\pN_])the\s+gamma_ray\s+of`},
		{`"of the"`, `(?i)(?:^|[^\pL\pN_])of\s+the`},
		{`"alph"`, `(?i)(?:^|[^\pL\pN_])alph`},
		{`"zeta9 the"`, `(?i)(?:^|[^\pL\pN_])zeta9\s+the`},
		{`/Beta\s+eps/`, `Beta\s+eps`},
		{`/zeta9 the|deltaforce\s+alpha/`, `(?i)zeta9 the|deltaforce\s+alpha`},
		{`*Force`, `\w*Force`},
		{`*Beta*`, `\w*Beta\w*`},
		{`Forcez*`, `Forcez\w*`},
		{`/ray\s+zeta/`, `(?i)ray\s+zeta`},
		{`日本`, `日本`},
		{`本語`, `本語`},
		{`"語 これは"`, `語\s+これは`},
		{`*日本*`, `日本`},
		{`/は日本/`, `は日本`},
	}
	for _, tc := range queries {
		re := regexp.MustCompile(tc.re)
		var want []string
		for p, text := range files {
			for _, line := range strings.Split(text, "\n") {
				if re.MatchString(line) {
					want = append(want, p)
					break
				}
			}
		}
		sort.Strings(want)
		res, err := x.Search(context.Background(), tc.q, 1000)
		if err != nil {
			t.Fatal(err)
		}
		got := hitPaths(res)
		sort.Strings(got)
		if !reflect.DeepEqual(got, want) || res.Total != len(want) {
			t.Errorf("Search(%s): %d files (total %d), grep finds %d\n got %v\nwant %v", tc.q, len(got), res.Total, len(want), got, want)
		}
	}
}
