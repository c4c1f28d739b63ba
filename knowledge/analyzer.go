package knowledge

import (
	"unicode/utf8"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// codeAnalyzerName is the bleve registry name of the code analyzer.
const codeAnalyzerName = "hearth-code"

func init() {
	err := registry.RegisterAnalyzer(codeAnalyzerName,
		func(map[string]interface{}, *registry.Cache) (bleveanalysis.Analyzer, error) {
			return codeAnalyzer{}, nil
		})
	if err != nil {
		panic(err)
	}
}

// codeAnalyzer tokenizes text the way people search code: an identifier
// such as parseHTTPRequest_v2 is indexed whole ("parsehttprequest_v2"), as
// its segments of several parts ("parsehttprequest", "v2") and as its
// parts ("parse", "http", "request", "v", "2"; see
// analysis.ForEachIdentTerm), folded, with no stemming and no stop
// words, so "no such container" means exactly
// those three words. The whole identifier, its segments and its runs share
// the position of their first part and the parts take consecutive
// positions (phrases are checked against the file's text, not positions).
type codeAnalyzer struct{}

func (codeAnalyzer) Analyze(input []byte) bleveanalysis.TokenStream {
	// Tokens and lowercased terms are carved from two slabs: one
	// allocation each instead of two per token.
	est := len(input)/6 + 8 // about one token per six bytes of code
	tb := &tokenBuf{terms: make([]byte, 0, len(input)+len(input)/2),
		stream: make(bleveanalysis.TokenStream, 0, est), slab: make([]bleveanalysis.Token, 0, est)}
	pos := 1
	analysis.ForEachIdentOrData(input, func(start, end int, inData bool) {
		if inData {
			return
		}
		pos += analysis.ForEachIdentTerm(input[start:end], func(s, e, rel int) {
			tb.add(input, start+s, start+e, pos+rel)
		})
	})
	return tb.stream
}

type tokenBuf struct {
	stream bleveanalysis.TokenStream
	slab   []bleveanalysis.Token
	terms  []byte
}

// Tokens returns the terms the analyzer produces for text, in order; the
// query parser and snippet finder use it so queries see what the index saw.
func Tokens(text string) []string {
	ts := codeAnalyzer{}.Analyze([]byte(text))
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t.Term)
	}
	return out
}

func (tb *tokenBuf) add(b []byte, start, end, pos int) {
	if len(tb.slab) == cap(tb.slab) {
		tb.slab = make([]bleveanalysis.Token, 0, 64+len(tb.stream))
	}
	tb.slab = append(tb.slab, bleveanalysis.Token{Start: start, End: end, Term: tb.lower(b[start:end]),
		Position: pos, Type: bleveanalysis.AlphaNumeric})
	tb.stream = append(tb.stream, &tb.slab[len(tb.slab)-1])
}

// lower appends the lowercased b to the term slab and returns it.
func (tb *tokenBuf) lower(b []byte) []byte { return lowerInto(&tb.terms, b, 4096) }

// lowerInto appends the lowercased raw to *slab, starting a new slab of
// about chunk bytes when it is full, and returns the term, capped so that
// later appends cannot overwrite it. Terms carved from slabs cost one
// allocation per chunk instead of one per term.
func lowerInto(slab *[]byte, raw []byte, chunk int) []byte {
	low := raw
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			low = analysis.FoldBytes(raw)
			break
		}
	}
	if len(*slab)+len(low) > cap(*slab) {
		*slab = make([]byte, 0, chunk+len(low))
	}
	n := len(*slab)
	for _, c := range low {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		*slab = append(*slab, c)
	}
	return (*slab)[n:len(*slab):len(*slab)]
}

// DataSpans lists the byte ranges of text that the index reads as
// encoded data, not as words (see analysis.DataSpans). A tool comparing
// searches with a grep leaves them out.
func DataSpans(b []byte) [][2]int { return analysis.DataSpans(b) }
