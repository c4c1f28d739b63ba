// Package redact removes secrets from text before it leaves Hearth: exports,
// logs and anything shown outside the conversation. It knows the key shapes
// of the providers Hearth talks to, generic bearer tokens, and any exact
// values the caller passes in (such as the keys held in the keychain).
package redact

import (
	"regexp"
	"sort"
	"strings"
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

// Order matters: the more specific prefixes run before OpenAI's generic sk-.
var patterns = []pattern{
	{"anthropic-key", regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{20,}`), 0},
	{"openrouter-key", regexp.MustCompile(`\bsk-or-[A-Za-z0-9_\-]{20,}`), 0},
	{"openai-key", regexp.MustCompile(`\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}`), 0},
	{"bearer-token", regexp.MustCompile(`(?i)\bbearer[ \t]+([A-Za-z0-9._~+/\-]{16,}=*)`), 1},
}

// Redactor replaces secrets with a visible marker such as
// "[REDACTED:openai-key]". The zero value redacts patterns only.
type Redactor struct {
	values []string
}

// New returns a Redactor that also removes each of values wherever it
// appears verbatim. Values shorter than MinValueLen are ignored.
func New(values ...string) *Redactor {
	seen := map[string]bool{}
	var vs []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) >= MinValueLen && !seen[v] {
			seen[v] = true
			vs = append(vs, v)
		}
	}
	// Longest first, so a value containing another is removed whole.
	sort.Slice(vs, func(i, j int) bool { return len(vs[i]) > len(vs[j]) })
	return &Redactor{values: vs}
}

// String returns s with every secret replaced.
func (r *Redactor) String(s string) string {
	if r != nil {
		for _, v := range r.values {
			if strings.Contains(s, v) {
				s = strings.ReplaceAll(s, v, marker("stored-secret"))
			}
		}
	}
	for _, p := range patterns {
		s = replace(s, p)
	}
	return s
}

// Contains reports whether s holds anything String would replace.
func (r *Redactor) Contains(s string) bool { return r.String(s) != s }

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
