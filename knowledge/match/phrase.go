package match

import "slices"

// phraseSpans finds what the phrase's regexp (its words joined by \s+,
// case ignored, within a line) finds, without running it: each
// occurrence of the anchor word grows word by word over the blanks on
// either side. A regexp ran on every line holding the anchor, and was
// most of a phrase query's time.
func phraseSpans(data []byte, words [][]byte, anchor int) [][2]int {
	var found [][2]int
	needle := words[anchor]
	for i := 0; i < len(data) && len(found) < maxMatchesFound; {
		j := indexFold(data[i:], needle)
		if j < 0 {
			break
		}
		a := i + j
		if start, end, ok := growPhrase(data, a, a+len(needle), words, anchor); ok {
			found = append(found, [2]int{start, end})
		}
		i = a + 1 // occurrences may overlap ("aa" in "aaa")
	}
	// Matches starting at the same place are the same match; the regexp
	// reports the leftmost of overlapping ones and resumes after it.
	slices.SortFunc(found, func(x, y [2]int) int { return x[0] - y[0] })
	out := found[:0]
	for _, f := range found {
		if len(out) == 0 || f[0] >= out[len(out)-1][1] {
			out = append(out, f)
		}
	}
	return out
}

// growPhrase extends the anchor word at [a, b) to the whole phrase, or
// reports that the words around it are not the phrase's.
func growPhrase(data []byte, a, b int, words [][]byte, anchor int) (int, int, bool) {
	for i := anchor - 1; i >= 0; i-- {
		j := a
		for j > 0 && isBlank(data[j-1]) {
			j--
		}
		w := words[i]
		if j == a || j < len(w) || !equalFoldLower(data[j-len(w):j], w) {
			return 0, 0, false
		}
		a = j - len(w)
	}
	for _, w := range words[anchor+1:] {
		j := b
		for j < len(data) && isBlank(data[j]) {
			j++
		}
		if j == b || len(data)-j < len(w) || !equalFoldLower(data[j:j+len(w)], w) {
			return 0, 0, false
		}
		b = j + len(w)
	}
	return a, b, true
}

// isBlank is the regexp's \s within a line (a line end stops a phrase).
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\r' }
