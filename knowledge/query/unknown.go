package query

import "github.com/hearth-agent/hearth/knowledge/analysis"

// A word that is no code word anywhere in the index can still be in the
// files as text: a piece of a hash or of a base64 line (data makes no
// words, see analysis.DataSpans), such as one of the pieces its '+' and '/' cut
// it into. Asked for as a term, it found nothing where a grep finds it.
// Such a word is searched as text instead: its grams pick the files,
// and each is checked for the text. A lone word is found within data
// only, since outside it the index has every code word, and a word is
// not found inside a longer one ("run" in running); a phrase or a word
// with punctuation (Rg8/pe0Wu6) is text already, found where its first
// word starts a code word.

// LookForUnknownAsText turns the words of q that the index d does not
// hold (d.Known) into text to find. A lone word is turned only when data
// could hold it (base64 bytes); no term is turned when it would have no
// gram to ask for, as its text would be looked for in every file. It
// reports whether it turned any.
func (q *Query) LookForUnknownAsText(d Dictionary) bool {
	if d == nil {
		return false
	}
	turned := false
	for i := range q.Terms {
		t := &q.Terms[i]
		switch {
		case t.DefOnly: // a name some file defines is a code word
		case t.Kind == Word && !t.Verify:
			if !allBase64(t.Text) {
				continue
			}
			w := analysis.WordsKnown(t.Text, func(term string, _ bool) bool { return d.Known(term, false) })
			if grams := BoundaryGrams(t.Text, w.ToGrams); len(w.ToGrams) > 0 && grams != nil {
				w.Start = "" // data has no code words
				t.Words, t.Grams, t.Verify, t.InDataOnly = w, grams, true, true
				turned = true
			}
		case t.Kind == Word || t.Kind == Phrase:
			w := analysis.WordsKnown(t.Text, d.Known)
			if grams := BoundaryGrams(t.Text, w.ToGrams); len(w.ToGrams) > len(t.Words.ToGrams) && grams != nil {
				t.Words, t.Grams = w, grams
				turned = true
			}
		}
	}
	return turned
}

func allBase64(s string) bool {
	for i := 0; i < len(s); i++ {
		if !analysis.IsBase64Byte(s[i]) {
			return false
		}
	}
	return true
}
