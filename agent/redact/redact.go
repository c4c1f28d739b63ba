// Package redact removes secrets from text before it leaves Hearth: exports,
// logs and anything shown outside the conversation. It knows the key shapes
// of the providers Hearth talks to, generic bearer tokens, any exact values
// the caller passes in (such as the keys held in the keychain) and every
// value registered with Register. Stream does the same for text that
// arrives in pieces.
package redact

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// MinValueLen is the shortest exact value that is redacted. Shorter values
// are skipped: replacing every "test" or "1234" would mangle ordinary text,
// and no provider issues keys that short.
const MinValueLen = 8

type pattern struct {
	label string
	re    *regexp.Regexp
	// group is the submatch replaced; 0 means the whole match.
	group int
}

// The character classes of the patterns; stream.go's open patterns use
// them too, so the two cannot drift apart.
const (
	keyChars   = `[A-Za-z0-9_\-]`
	tokenChars = `[A-Za-z0-9._~+/\-]`
)

// Order matters: the more specific prefixes run before OpenAI's generic sk-.
var patterns = []pattern{
	{"anthropic-key", regexp.MustCompile(`\bsk-ant-` + keyChars + `{20,}`), 0},
	{"openrouter-key", regexp.MustCompile(`\bsk-or-` + keyChars + `{20,}`), 0},
	{"openai-key", regexp.MustCompile(`\bsk-(?:proj-|svcacct-|admin-)?` + keyChars + `{20,}`), 0},
	{"bearer-token", regexp.MustCompile(`(?i)\bbearer[ \t]+(` + tokenChars + `{16,}=*)`), 1},
}

// Redactor replaces secrets with a visible marker such as
// "[REDACTED:openai-key]". The zero value (and nil) redacts patterns and
// registered values only.
type Redactor struct {
	values []string // longest first

	mu     sync.Mutex
	gen    uint64   // the registry generation merged is built from
	merged []string // values and registered values, longest first
}

// New returns a Redactor that also removes each of values wherever it
// appears verbatim. Values shorter than MinValueLen are ignored.
func New(values ...string) *Redactor {
	return &Redactor{values: normalize(nil, values)}
}

// normalize adds the usable values of add to have, without duplicates,
// longest first, so a value containing another is removed whole.
func normalize(have, add []string) []string {
	seen := make(map[string]bool, len(have)+len(add))
	out := make([]string, 0, len(have)+len(add))
	for _, list := range [][]string{have, add} {
		for _, v := range list {
			v = strings.TrimSpace(v)
			if len(v) >= MinValueLen && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// valueList is every exact value r removes: its own and the registered ones.
func (r *Redactor) valueList() []string {
	reg, gen := registered()
	if r == nil || len(r.values) == 0 {
		return reg
	}
	if len(reg) == 0 {
		return r.values
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.merged == nil || r.gen != gen {
		r.merged, r.gen = normalize(r.values, reg), gen
	}
	return r.merged
}

// String returns s with every secret replaced.
func (r *Redactor) String(s string) string {
	return applyPatterns(replaceValues(s, r.valueList()), false)
}

// Contains reports whether s holds anything String would replace.
func (r *Redactor) Contains(s string) bool { return r.String(s) != s }

// replaceValues replaces exact values in one left-to-right pass: at each
// place the longest value found there wins.
func replaceValues(s string, values []string) string {
	if len(values) == 0 || s == "" {
		return s
	}
	var b strings.Builder
	last := 0
	for last < len(s) {
		at, n := -1, 0
		for _, v := range values { // longest first: a tie keeps the longer
			if i := strings.Index(s[last:], v); i >= 0 && (at < 0 || last+i < at) {
				at, n = last+i, len(v)
			}
		}
		if at < 0 {
			break
		}
		b.WriteString(s[last:at])
		b.WriteString(marker("stored-secret"))
		last = at + n
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// applyPatterns replaces the key-shaped matches of s. afterWord says that
// the text before s ended in a word character, which decides the \b at s's
// start as it would in the whole text.
func applyPatterns(s string, afterWord bool) string {
	if afterWord {
		s = wordGuard + s // a digit: no pattern starts with one
	}
	for _, p := range patterns {
		s = replace(s, p)
	}
	if afterWord {
		s = s[len(wordGuard):]
	}
	return s
}

const wordGuard = "0"

func replace(s string, p pattern) string {
	idx := p.re.FindAllStringSubmatchIndex(s, -1)
	if len(idx) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		start, end := m[2*p.group], m[2*p.group+1]
		if !looksRandom(s[start:end]) {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(marker(p.label))
		last = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// looksRandom tells a key from a hyphenated identifier such as
// "sk-learn-compatible-estimator": issued keys and tokens mix letters and
// digits, while words and package names rarely contain a digit.
func looksRandom(tok string) bool {
	var letters, digits int
	for _, c := range tok {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters++
		}
	}
	return digits > 0 && letters > 0
}

func marker(label string) string { return "[REDACTED:" + label + "]" }
