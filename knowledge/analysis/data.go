package analysis

// Encoded data (a hash, a key, a line of base64) makes identifiers that
// are in no other file, and each splits into parts at random: every
// part was a term of its own in the index's dictionary, and a few such
// dumps took a share of a tree's build time far beyond their size.
// A run of it is no code word: it makes no term, and a search for it,
// or for a hex string long enough to be part of a hash, looks for its
// text (grams, then the file) as a grep would, a prefix or a part of a
// hash too. A part of it that is not data itself ("Rg8" of a line of
// base64) is a word the index holds nowhere, searched within data as
// text too (see the knowledge package's lookForUnknownAsText).

// The shortest runs of data: shorter ones are too often names. A long
// generated name (OpExtendLo2ToInt64Int16x8) reads as base64 to the rule
// below; at these lengths names that do are rare (a C++ mangled symbol).
const (
	minHexRun    = 16
	minBase64Run = 32
)

// dataRun: hex holding digits and letters, or base64: letters of both
// cases whose lower-case runs average under two and a half letters,
// where a name's are words (random base64's runs are short, a binary's
// mostly zero bytes shorter, while even a generated name such as
// testUint16x16ConvertLoToInt32x8 has longer ones).
func dataRun(run []byte) bool {
	hex := true
	digits, hexLetters, uppers, lowers, lowerRuns := 0, 0, 0, 0, 0
	for i, c := range run {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case 'a' <= c && c <= 'z':
			lowers++
			if i == 0 || run[i-1] < 'a' || run[i-1] > 'z' {
				lowerRuns++
			}
		case 'A' <= c && c <= 'Z':
			uppers++
		case c == '+' || c == '/' || c == '=': // base64's own, between its identifiers
			hex = false
			continue
		default:
			return false // not ASCII: a word of some language
		}
		if c > '9' && (c|0x20 < 'a' || c|0x20 > 'f') {
			hex = false
		} else if c > '9' {
			hexLetters++
		}
	}
	if hex {
		return digits >= 4 && hexLetters >= 4
	}
	return len(run) >= minBase64Run && uppers >= 4 && lowerRuns >= 4 && 2*lowers < 5*lowerRuns
}

// ForEachIdentOrData is ForEachIdent, telling of each identifier whether
// it lies within a span of encoded data: base64, whose '+' and '/' cut
// it into identifiers too short to tell from names (a package-lock.json's
// sha512 integrity strings, a base64 dump's lines). An identifier running
// into a span is cut at its edge: "sha512-Rg8/…" is the word sha512.
func ForEachIdentOrData(b []byte, fn func(start, end int, inData bool)) {
	spans := DataSpans(b)
	outside := func(start, end int) {
		for start < end && (b[start] == '-' || b[start] == '_') {
			start++
		}
		for end > start && (b[end-1] == '-' || b[end-1] == '_') {
			end--
		}
		if start < end {
			fn(start, end, false)
		}
	}
	ForEachIdent(b, func(start, end int) {
		for len(spans) > 0 && spans[0][1] <= start {
			spans = spans[1:]
		}
		if len(spans) == 0 || spans[0][0] >= end {
			fn(start, end, false)
			return
		}
		span := spans[0]
		if start < span[0] {
			outside(start, span[0])
		}
		fn(max(start, span[0]), min(end, span[1]), true)
		if end > span[1] {
			outside(span[1], end)
		}
	})
}

// DataSpans lists the byte ranges of text that the index reads as
// encoded data, not as words: runs of hex of 16 or more, holding digits
// and letters, and of base64 (its '+', '/' and '=' included) of 32 or
// more. A tool comparing searches with a grep leaves them out.
func DataSpans(b []byte) [][2]int {
	var spans [][2]int
	for i := 0; i < len(b); {
		if !isBase64Byte[b[i]] {
			i++
			continue
		}
		start := i
		for i < len(b) && isBase64Byte[b[i]] {
			i++
		}
		if dataSpan(b[start:i]) {
			spans = append(spans, [2]int{start, i})
		}
	}
	return spans
}

// dataSpan: a whole run of base64 bytes is encoded data.
func dataSpan(run []byte) bool { return len(run) >= minHexRun && dataRun(run) }

// DataMarker is a content term of every file holding encoded data: a
// word looked for within data asks for it (see the knowledge package's
// lookForUnknownAsText), so only those files are read. No query reaches
// it otherwise: no word holds a NUL, and it is more than a fuzzy query's
// two edits from any word.
var DataMarker = []byte("\x00\x00\x00\x00data")

// WithinData keeps the spans of data that lie within encoded data, as
// DataSpans finds it: each run of base64 bytes is data or not by itself.
func WithinData(data []byte, spans [][2]int) [][2]int {
	out := spans[:0]
	for _, s := range spans {
		start, end := s[0], s[1]
		for start > 0 && isBase64Byte[data[start-1]] {
			start--
		}
		for end < len(data) && isBase64Byte[data[end]] {
			end++
		}
		inside := true
		for _, c := range data[s[0]:s[1]] {
			inside = inside && isBase64Byte[c]
		}
		if inside && dataSpan(data[start:end]) {
			out = append(out, s)
		}
	}
	return out
}

// IsBase64Byte: c may be part of a run of base64 (its '+', '/' and '='
// included).
func IsBase64Byte(c byte) bool { return isBase64Byte[c] }

// isBase64Byte is a table: DataSpans looks up every byte of every file,
// and a lookup is the cheapest test of a byte.
var isBase64Byte = func() (t [256]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '='
	}
	return t
}()

// minHexText is the shortest hex string searched as text: a short
// commit hash, or a prefix of a longer one.
const minHexText = 8

// hexText: hex of minHexText or more, holding digits and letters.
func hexText(id string) bool {
	if len(id) < minHexText {
		return false
	}
	digits := 0
	for i := 0; i < len(id); i++ {
		c := id[i] | 0x20
		switch {
		case '0' <= id[i] && id[i] <= '9':
			digits++
		case c < 'a' || c > 'f':
			return false
		}
	}
	return digits > 0 && digits < len(id)
}

// LeftToGrams: an identifier of a literal that the index is not asked
// for as a code word but through its grams (the knowledge package's
// wordsOf leaves it out, boundaryQuery asks for its grams): one within a
// span of data, or one SearchedAsText.
func LeftToGrams(id string, inData bool) bool {
	return inData || SearchedAsText(id)
}

// SearchedAsText: a query's identifier found by its text, not as a code
// word: CJK (mostly within a longer run), encoded data and hex.
func SearchedAsText(id string) bool {
	return HasCJK(id) || hexText(id) || len(DataSpans([]byte(id))) > 0
}
