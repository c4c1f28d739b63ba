package knowledge

// Encoded data (a hash, a key, a line of base64) makes identifiers that
// are in no other file, and each splits into parts at random: every
// part was a term of its own in the index's dictionary, and three such
// dumps in the Go tree (2 MB of its 104) took a sixth of its build time.
// A run of it is no code word: it makes no term, and a search for it,
// or for a hex string long enough to be part of a hash, looks for its
// text (grams, then the file) as a grep would, a prefix or a part of a
// hash too.

// The shortest runs of data: shorter ones are too often names. A
// 25-letter SSA op name (OpExtendLo2ToInt64Int16x8) reads as base64 to
// the rule below; of the Go tree's runs of 32 or more, only a C++
// mangled symbol in a test's data did.
const (
	minHexRun    = 16
	minBase64Run = 32
)

// encodedData reports whether an identifier holds a run of encoded data
// between its '_' or '-' separators.
func encodedData(id []byte) bool {
	start := 0
	for i := 0; i <= len(id); i++ {
		if i == len(id) || id[i] == '_' || id[i] == '-' {
			if i-start >= minHexRun && dataRun(id[start:i]) {
				return true
			}
			start = i + 1
		}
	}
	return false
}

// dataRun: hex holding digits and letters, or base64: letters of both
// cases whose lower-case runs average under two and a half letters,
// where a name's are words (random base64 averages 1.7, with lines over
// 2; a binary's mostly zero bytes 1; testUint16x16ConvertLoToInt32x8,
// under minBase64Run, 2.4). Measured on the Go tree: 34,000 runs in 540
// files, the one name among them that mangled symbol.
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

// searchedAsText: a query's identifier found by its text, not as a code
// word: CJK (mostly within a longer run), encoded data and hex.
func searchedAsText(id string) bool {
	return hasCJK(id) || hexText(id) || encodedData([]byte(id))
}
