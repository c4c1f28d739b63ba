package analysis

import "strings"

// Terms are the code-word terms the index holds for text, in the order
// the code analyzer makes them: each identifier's whole term first, then
// its segments and parts (see ForEachIdentTerm), case folded; encoded
// data makes none. A query reads its own text with it to ask for what
// the index saw.
func Terms(text string) []string {
	var out []string
	b := []byte(text)
	ForEachIdentOrData(b, func(start, end int, inData bool) {
		if inData {
			return
		}
		ForEachIdentTerm(b[start:end], func(s, e, _ int) {
			out = append(out, string(FoldBytes(b[start+s:start+e])))
		})
	})
	return out
}

// Words are what the index is asked for a literal text: a phrase, or a
// word written with punctuation (os.Open, net/http).
type Words struct {
	// Terms holds each identifier's term (the whole identifier's), CJK
	// ones left out: there a searched word is mostly part of a longer
	// run, which its grams find instead.
	Terms []string
	// ToGrams holds the identifiers asked for through their grams
	// instead (see LeftToGrams), in order.
	ToGrams []string
	// Start is the term a code word starting at a match must begin
	// with: the first identifier's, when the text starts with one that
	// is not data, hex or CJK; "" otherwise.
	Start string
	// OpenEnd: the last of Terms ends the text, so a file's word may go
	// on past it.
	OpenEnd bool
}

// WordsOf is the Words of text for an index holding every term.
func WordsOf(text string) Words { return WordsKnown(text, nil) }

// WordsKnown is WordsOf for an index that holds the terms known reports
// (nil: any; open: the identifier ends the text, and a term starting
// with it will do): an identifier it does not hold is left to its grams,
// as one that is no code word there (a piece of a hash or of a base64
// line) can only be found as text. The first one still starts a code
// word in the text.
func WordsKnown(text string, known func(term string, open bool) bool) Words {
	text = strings.TrimSpace(text)
	b := []byte(text)
	var w Words
	ForEachIdentOrData(b, func(start, end int, inData bool) {
		w.OpenEnd = false // until this identifier is a term ending the text
		id := text[start:end]
		if LeftToGrams(id, inData) {
			w.ToGrams = append(w.ToGrams, id)
			return
		}
		ts := Terms(id)
		if len(ts) == 0 {
			return
		}
		term := ts[0] // the whole identifier comes first
		if start == 0 {
			w.Start = term
		}
		if known != nil && !known(term, end == len(b)) {
			w.ToGrams = append(w.ToGrams, id)
			return
		}
		w.Terms = append(w.Terms, term)
		w.OpenEnd = end == len(b)
	})
	return w
}
