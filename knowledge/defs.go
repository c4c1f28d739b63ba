package knowledge

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// A search for a name should show where it is defined before the files
// that merely use it: "NewRequestWithContext" ranked a test and a
// comment above net/http's request.go, where a grep user would look
// first. The index keeps, per file, the names its lines define (fieldDef,
// each a code word's whole term), found the way a reader spots them: a
// line that starts, after its indentation and modifiers, with a keyword
// that introduces a definition in one of the common languages (func,
// def, class, fn, interface...), followed by the name. A top-level const,
// let or var names a definition too (indented, it is a local), as do a
// member of a Go var group or struct, of a TypeScript interface, class or
// enum and of a Rust struct or enum (defmembers.go), a C or Java
// function's return type and name, a C macro, a method or constructor
// named by itself and a Python module's NAME = value (defRules). A word
// query then also asks the def field, with defBoost, so a file defining
// the word outranks the files using it, and its hit shows the
// definition's line (defline.go). No language is parsed, and prose and
// data files define nothing; a line of a docstring starting "class of"
// adds a def "of", which only lifts that file for a search for "of".
const (
	fieldDef = "def"
	defBoost = 4.0
)

// forEachDefinition calls fn with each name text's lines define, as
// written (a name defined twice comes twice), a slice of text, until fn
// returns false.
func forEachDefinition(text []byte, r defRules, fn func(name []byte) bool) {
	var closer byte // within a Go block of definitions: the byte that closes it
	var bodies bodyStack
	var prev []byte
	for n := 0; len(text) > 0; n++ {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		line = trimCR(line)
		above := prev
		prev = line
		if r.typeBodies {
			name := bodies.member(line, n)
			bodies.open(line, n, r.typedFuncs)
			if name != nil {
				if !fn(name) {
					return
				}
				continue
			}
		}
		switch {
		case closer != 0 && len(line) > 1 && line[0] == '\t' && line[1] != '\t':
			// One tab in: a member, not a line of its value.
			if name := memberOf(line, closer); name != nil && !fn(name) {
				return
			}
		case closer != 0 && len(line) > 0 && line[0] == closer:
			closer = 0
		case isGroupStart(line):
			closer = ')'
		default:
			if name := definedOn(above, line, r); name != nil && !fn(name) {
				return
			}
			if r.goMembers && isBodyStart(line) {
				closer = '}'
			}
		}
	}
}

// memberOf is the name a line one tab into a Go block defines: a var,
// const or type group's member (ErrNotExist = ...), a struct's field
// (Timeout time.Duration) or an interface's method (Read(p []byte) ...);
// nil for an embedded type (io.Reader), which names none of its own.
func memberOf(line []byte, closer byte) []byte {
	name, end := wordAt(line, 1)
	if name == nil || closer == ')' {
		return name
	}
	if end < len(line) && bytes.IndexByte([]byte(" \t(,"), line[end]) >= 0 {
		return name
	}
	return nil
}

// isBodyStart: the line opens a Go struct's or interface's body
// ("type Client struct {").
func isBodyStart(line []byte) bool {
	if !bytes.HasPrefix(line, []byte("type ")) {
		return false
	}
	line = bytes.TrimRight(line, " \t")
	return bytes.HasSuffix(line, []byte(" struct {")) || bytes.HasSuffix(line, []byte(" interface {"))
}

// isGroupStart: the line opens a Go group of definitions ("var (").
func isGroupStart(line []byte) bool {
	if len(line) < 5 || line[0] != 'v' && line[0] != 'c' && line[0] != 't' {
		return false
	}
	for _, kw := range []string{"var", "const", "type"} {
		rest, ok := bytes.CutPrefix(line, []byte(kw))
		if ok && string(bytes.TrimSpace(rest)) == "(" {
			return true
		}
	}
	return false
}

// definitionTerms lists the distinct terms of the names text, a file of
// language lang, defines: the whole-identifier term the content field
// holds for each.
func definitionTerms(text []byte, lang string) [][]byte {
	var terms [][]byte
	var slab []byte
	var seen map[string]bool // once there are many: a table file defines thousands
	rules, ok := rulesFor(lang)
	if !ok {
		return nil
	}
	forEachDefinition(text, rules, func(name []byte) bool {
		term := wholeTerm(&slab, name)
		switch {
		case term == nil:
		case seen != nil:
			if !seen[string(term)] {
				seen[string(term)] = true
				terms = append(terms, term)
			}
		case !slices.ContainsFunc(terms, func(t []byte) bool { return bytes.Equal(t, term) }):
			terms = append(terms, term)
			if len(terms) == 32 {
				seen = make(map[string]bool, 64)
				for _, t := range terms {
					seen[string(t)] = true
				}
			}
		}
		return true
	})
	return terms
}

// wholeTerm is the term the code analyzer makes of an identifier as a
// whole, lowercased into *slab (ASCII names, nearly all) or by the
// analyzer itself; nil when it makes none.
func wholeTerm(slab *[]byte, name []byte) []byte {
	for _, c := range name {
		if c == '$' || c >= utf8.RuneSelf {
			if ts := (codeAnalyzer{}).Analyze(name); len(ts) > 0 {
				return ts[0].Term
			}
			return nil
		}
	}
	if len(bytes.Trim(name, "_")) == 0 {
		return nil
	}
	return lowerInto(slab, name, 1024)
}

// newDefField is the def field of a document: its terms, each once.
func newDefField(terms [][]byte) *countedField {
	return &countedField{name: fieldDef, count: func(_ []byte, c *termCounter) {
		c.reserve(len(terms))
		for _, t := range terms {
			c.insert(t)
		}
		c.occurrences = len(terms)
	}}
}
