// Package defs recognises the lines of source text that define a name, in
// the common languages, the way a reader spots them: a line that starts,
// after its indentation and modifiers, with a keyword introducing a
// definition (func, def, class, fn, interface...), followed by the name.
// A top-level const, let or var names a definition too (indented, it is a
// local), as do a member of a Go var group or struct, of a TypeScript
// interface, class or enum and of a Rust struct or enum (members.go), a C
// or Java function's return type and name, a C macro, a method or
// constructor named by itself and a Python module's NAME = value (Rules).
// No language is parsed, and prose and data files define nothing. Every
// function here is a pure function of text.
package defs

import "bytes"

// Each calls fn with each name text's lines define, as written (a name
// defined twice comes twice), a slice of text, until fn returns false.
func Each(text []byte, r Rules, fn func(name []byte) bool) {
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
