package ignore

import (
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// rule is a parsed pattern with, for a plain name such as "vendor/" or
// "node_modules", that name: such a pattern can only match a path holding
// it, which is one string comparison per part where go-git would glob-match
// every part against every pattern, the walk's main cost on a large tree.
type rule struct {
	p    gitignore.Pattern
	name string // "" when the pattern has wildcards, escapes or a slash inside
}

func (r rule) match(parts []string, isDir bool) gitignore.MatchResult {
	if r.name != "" && !slices.Contains(parts, r.name) {
		return gitignore.NoMatch
	}
	return r.p.Match(parts, isDir)
}

// literalName is the name a pattern line matches when it is one plain
// name (as gitignore.ParsePattern reads it: "!" and a trailing "/" set
// flags; trailing spaces are dropped), or "".
func literalName(line string) string {
	line = strings.TrimPrefix(line, "!")
	if strings.ContainsAny(line, `*?[\`) {
		return ""
	}
	line = strings.TrimRight(line, " ")
	line = strings.TrimSuffix(line, "/")
	if line == "" || strings.Contains(line, "/") {
		return ""
	}
	return line
}
