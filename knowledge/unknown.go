package knowledge

// A word that is no code word anywhere in the index can still be in the
// files as text: a piece of a hash or of a base64 line (data makes no
// words, see DataSpans), such as one of the pieces its '+' and '/' cut
// it into. Asked for as a term, it found nothing where a grep finds it.
// Such a word is searched as text instead: its grams pick the files,
// and each is checked for the text within data only, since outside it
// the index has every code word, and a word is not found inside a
// longer one ("run" in running).

// lookForUnknownAsText turns each of q's words that the index does not
// hold (q.known), and that data could hold, into text to find within data. A word too short to make
// a gram stays as it is: its text would be looked for in every file.
func (q *parsedQuery) lookForUnknownAsText() {
	if q.known == nil {
		return
	}
	for i := range q.terms {
		t := &q.terms[i]
		if t.kind != termWord || t.verify || !allBase64(t.text) {
			continue // a phrase's or a dotted word's words are text already; data is base64
		}
		w := wordsKnown(t.text, q.known)
		if len(w.toGrams) == 0 {
			continue
		}
		tri := boundaryQuery(t.text, w.toGrams)
		if tri == nil {
			continue
		}
		t.words, t.tri, t.verify, t.inDataOnly = w, tri, true, true
	}
}

func allBase64(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isBase64Byte[s[i]] {
			return false
		}
	}
	return true
}
