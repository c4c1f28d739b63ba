package match

import (
	"strings"

	"github.com/hearth-agent/hearth/knowledge/query"
)

// QuickReject: a verify term's literal is absent, so the exact text
// cannot be there (checked before the other terms' line search; a lone
// term's own search finds that out as fast).
func QuickReject(data []byte, terms []query.Term) bool {
	if len(terms) < 2 {
		return false
	}
	v := &textView{data: data}
	for _, t := range terms {
		if t.Verify && !v.mayMatch(t) {
			return true
		}
	}
	return false
}

// NeedsVerify: a term of terms needs its exact text, checked in the file.
func NeedsVerify(terms []query.Term) bool {
	for _, t := range terms {
		if t.Verify {
			return true
		}
	}
	return false
}

// PathHasAll: every verify term occurs in the path itself (a hit on the
// file's name, such as net/http for "net/http").
func PathHasAll(rel string, terms []query.Term) bool {
	low := asciiLowerString(rel)
	for _, t := range terms {
		if t.Verify && (t.Kind != query.Word || t.InDataOnly || !wordInPath(t, low, rel)) {
			return false
		}
	}
	return true
}

// wordInPath: a word term's text is in the path, case ignored.
func wordInPath(t query.Term, lowPath, path string) bool {
	if IsASCII(t.Text) {
		return strings.Contains(lowPath, t.Lit)
	}
	return t.LineR.MatchString(path)
}
