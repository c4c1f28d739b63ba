package knowledge

import "bytes"

// The members of a TypeScript or JavaScript interface, class, enum or
// object type, and of a Rust struct, union or enum, are definitions as a
// Go struct's fields are: def:timeout should find `timeout?: number;`
// in an interface Options. A body opens on a line ending with "{" whose
// keyword (after modifiers) is one of those, and holds the lines indented
// as the first one after it; a line indented less ends it. Each kind
// has its member shapes, so that a class body's statements-like lines
// (a TypeScript overload aside) name nothing.
const (
	bodyObject = 'i' // interface, type X = {: "name?: T", "name(args): T"
	bodyClass  = 'c' // "[modifiers] name: T", "name = value", "name;"
	bodyEnum   = 'e' // "Name,", "Name = 1", Rust's "Name(T)" and "Name {"
	bodyStruct = 's' // Rust: "[pub] name: T,"
)

// typeBody is a body the lines are in: its kind, the opening line's
// number and indentation, and its members' (-1 until the first line
// after it).
type typeBody struct {
	kind               byte
	at, indent, member int
}

// bodyStack follows the bodies a file's lines are in, innermost last.
type bodyStack []typeBody

// member returns the name line, the file's line number n, defines as a
// member of the innermost body, after closing the bodies line ends; nil
// when it is no member. A line more than maxBodyLines below the body's
// start is none, as typeBodyOf looks no further up.
func (s *bodyStack) member(line []byte, n int) []byte {
	i := skipBlanks(line, 0)
	if i == len(line) {
		return nil
	}
	for depth := len(*s); depth > 0; depth-- {
		b := &(*s)[depth-1]
		if i <= b.indent || b.member >= 0 && i < b.member {
			*s = (*s)[:depth-1]
			continue
		}
		if b.member < 0 {
			b.member = i
		}
		if i != b.member || n-b.at > maxBodyLines {
			return nil
		}
		return memberName(line, i, b.kind)
	}
	return nil
}

// open pushes the body line, the file's line number n, opens, if any.
func (s *bodyStack) open(line []byte, n int) {
	if kind := bodyKindOf(line); kind != 0 {
		*s = append(*s, typeBody{kind: kind, at: n, indent: skipBlanks(line, 0), member: -1})
	}
}

// bodyKindOf is the kind of the body line opens, or 0.
func bodyKindOf(line []byte) byte {
	if t := bytes.TrimRight(line, " \t"); len(t) == 0 || t[len(t)-1] != '{' {
		return 0
	}
	i := skipBlanks(line, 0)
	for range maxLineWords {
		word, end := wordAt(line, i)
		if word == nil {
			return 0
		}
		if kindOf(word) == defModifier || string(word) == "const" { // export, pub(crate), const enum
			i = skipBlanks(line, skipParens(line, end))
			continue
		}
		if name, _ := wordAt(line, skipBlanks(line, end)); name == nil {
			return 0 // class { ... }: no name, no definitions
		}
		switch string(word) {
		case "interface", "type":
			return bodyObject
		case "class":
			return bodyClass
		case "enum":
			return bodyEnum
		case "struct", "union":
			return bodyStruct
		}
		return 0
	}
	return 0
}

// memberName is the name a line of a body of kind defines, its text
// starting at line[i]; nil when the line has no member's shape.
func memberName(line []byte, i int, kind byte) []byte {
	for range maxLineWords {
		if i < len(line) && line[i] == '@' { // @Input() value: string;
			i = skipBlanks(line, skipAnnotation(line, i))
		}
		if kind == bodyClass && i < len(line) && line[i] == '#' {
			i++ // a private field
		}
		name, end := wordAt(line, i)
		if name == nil {
			return nil
		}
		if kindOf(name) == defModifier { // readonly x, pub(crate) x; not a field named static
			next := skipBlanks(line, skipParens(line, end))
			if next < len(line) && (isNameByte(line[next]) || line[next] == '#') {
				i = next
				continue
			}
		}
		if kindOf(name) == defControl || string(name) == "constructor" {
			return nil
		}
		next := skipBlanks(line, end)
		if kind != bodyStruct && next < len(line) && (line[next] == '?' || line[next] == '!') {
			next++
		}
		if memberFollows(line, next, kind) {
			return name
		}
		return nil
	}
	return nil
}

// memberFollows: what follows a member's name at line[j] fits kind.
func memberFollows(line []byte, j int, kind byte) bool {
	if j == len(line) {
		return kind == bodyEnum
	}
	c, after := line[j], byte(0)
	if j+1 < len(line) {
		after = line[j+1]
	}
	colon := c == ':' && after != ':'
	assign := c == '=' && after != '=' && after != '>'
	switch kind {
	case bodyObject:
		return colon || c == '(' || c == '<'
	case bodyClass:
		return colon || assign || c == ';'
	case bodyEnum:
		return c == ',' || assign || c == '(' || c == '{'
	case bodyStruct:
		return colon
	}
	return false
}

// typeBodyOf is the kind of the body whose member line, starting at
// data[start], would be (see bodyStack), or 0: the lines above it up to
// a line indented less are blank or indented as much or more, that line
// opens a body, and the first line after it is indented as line.
func typeBodyOf(data []byte, start int, line []byte) byte {
	indent := skipBlanks(line, 0)
	if indent == 0 || indent == len(line) {
		return 0
	}
	first := indent // the indentation of the line below the opening one
	for p, n := start, 0; p > 0 && n < maxBodyLines; n++ {
		prevStart := bytes.LastIndexByte(data[:p-1], '\n') + 1
		prev := trimCR(data[prevStart : p-1])
		p = prevStart
		j := skipBlanks(prev, 0)
		switch {
		case j == len(prev):
			continue
		case j >= indent:
			first = j
			continue
		case first != indent:
			return 0
		}
		return bodyKindOf(prev)
	}
	return 0
}

// maxBodyLines bounds how far up typeBodyOf looks for a body's start.
const maxBodyLines = 5000
