package knowledge

import (
	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// The trigram field lets the index answer what words cannot: exact
// phrases, substrings and regular expressions. A file's normalized text
// (ASCII-lowercased, every whitespace run folded to one space) is cut into
// grams, one term each: every three word characters in a row ("rea"), and
// across each space the two characters either side ("id ar"), which makes
// a phrase's word boundaries as selective as its words. A query's literal
// text, normalized and cut the same way, becomes an AND of grams that
// picks the few files worth reading.
//
// Any substring of a file normalizes to a substring of the file's
// normalized text, so every gram of a literal is in every file holding
// it: the filter never drops a real match. Only letters, digits, '_' and
// space make grams, on both sides: punctuation and non-ASCII grams would
// double the terms per file (and the build time) for little selectivity;
// a literal made of them simply constrains less. CJK text, written
// without spaces, is the exception: each pair of adjacent Han, kana or
// Hangul characters is a gram, so a search for 日本語 inside
// これは日本語です reads only the files holding 日本 and 本語, and so is
// each such character, so a search for 語 alone reads only the files
// holding it (it read every file).
const (
	fieldTrigram        = "tri"
	trigramAnalyzerName = "hearth-trigram"
)

func init() {
	err := registry.RegisterAnalyzer(trigramAnalyzerName,
		func(map[string]interface{}, *registry.Cache) (bleveanalysis.Analyzer, error) {
			return trigramAnalyzer{}, nil
		})
	if err != nil {
		panic(err)
	}
}

type trigramAnalyzer struct{}

func (trigramAnalyzer) Analyze(input []byte) bleveanalysis.TokenStream {
	var stream bleveanalysis.TokenStream
	analysis.EachDistinctGram(input, nil, func(term []byte) {
		stream = append(stream, &bleveanalysis.Token{Term: term, Position: len(stream) + 1, Type: bleveanalysis.AlphaNumeric})
	})
	return stream
}

// trigramBoost keeps the trigram filter from weighing in the ranking:
// words rank, trigrams only select.
const trigramBoost = 1e-3

// gramsQuery asks the trigram field for what g requires; nil when it
// requires nothing.
func gramsQuery(q *query.Grams) bleveq.Query {
	if q == nil {
		return nil
	}
	var qs []bleveq.Query
	for _, t := range q.All {
		tq := bleveq.NewTermQuery(t)
		tq.SetField(fieldTrigram)
		tq.SetBoost(trigramBoost)
		qs = append(qs, tq)
	}
	for _, s := range q.Sub {
		qs = append(qs, gramsQuery(s))
	}
	if len(qs) == 1 {
		return qs[0]
	}
	if q.Or {
		return bleveq.NewDisjunctionQuery(qs)
	}
	return bleveq.NewConjunctionQuery(qs)
}
