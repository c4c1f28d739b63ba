package defs

import "bytes"

// The members of a TypeScript or JavaScript interface, class, enum or
// object type, of a Rust struct, union or enum, of a Kotlin or Swift
// class, struct or enum and of a Python class are definitions as a Go
// struct's fields are: def:timeout should find `timeout?: number;` in an
// interface Options. A body opens on a line ending with "{" (or, for a
// Python class, ":") whose keyword (after modifiers) is one of those,
// and holds the lines indented as the first one after it; a line
// indented less ends it. Each kind has its member shapes, so that a
// class body's statement-like lines (a TypeScript overload aside) name
// nothing; a val, var or let before the name declares it in any.
const (
	bodyObject = 'i' // interface, type X = {: "name?: T", "name(args): T"
	bodyClass  = 'c' // "[modifiers] name: T", "name = value", "name;"
	bodyEnum   = 'e' // "Name,", "Name = 1", Rust's "Name(T)" and "Name {"
	bodyStruct = 's' // Rust: "[pub] name: T,"
	bodyPython = 'p' // "name: T", "name: T = value", "NAME = value"
	bodyTyped  = 't' // Java, C#, C: "[modifiers] Type<T>[] name = value;"
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

// open pushes the body line, the file's line number n, opens, if any
// (typed: in Java, C# or C).
func (s *bodyStack) open(line []byte, n int, typed bool) {
	if kind := bodyKindOf(line, typed); kind != 0 {
		*s = append(*s, typeBody{kind: kind, at: n, indent: skipBlanks(line, 0), member: -1})
	}
}

// bodyKindOf is the kind of the body line opens, or 0. In Java, C# and
// C (typed) a class, struct, union, interface or record holds typed
// declarations, and a line with parentheses opens no body ("struct node
// *make_node(int v) {" is a function); a C struct may have no name
// ("typedef struct {").
func bodyKindOf(line []byte, typed bool) byte {
	t := bytes.TrimRight(line, " \t")
	if len(t) == 0 || t[len(t)-1] != '{' && t[len(t)-1] != ':' {
		return 0
	}
	colon := t[len(t)-1] == ':' // class Parser(Base):
	i := skipBlanks(line, 0)
	for range maxLineWords {
		word, end := wordAt(line, i)
		if word == nil {
			return 0
		}
		if kindOf(word) == defModifier || string(word) == "const" || typed && string(word) == "typedef" {
			i = skipBlanks(line, skipParens(line, end)) // export, pub(crate), const enum
			continue
		}
		named := true
		if name, _ := wordAt(line, skipBlanks(line, end)); name == nil {
			named = false // class { ... }: no name, no definitions
		}
		switch {
		case typed:
			return typedBodyKind(string(word), named, colon || bytes.IndexByte(line[end:], '(') >= 0)
		case !named:
			return 0
		case string(word) == "class" && colon:
			return bodyPython
		case colon:
			return 0
		}
		switch string(word) {
		case "class":
			return bodyClass
		case "interface", "type":
			return bodyObject
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
	if kind == bodyTyped {
		return typedMember(line, i)
	}
	declared := false // after val, var or let
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
		if k := kindOf(name); k == defModifier || k == defTopLevel { // readonly x, pub(crate) x, val x; not a field named static
			next := skipBlanks(line, skipParens(line, end))
			if next < len(line) && (IsNameByte(line[next]) || line[next] == '#') {
				i, declared = next, declared || k == defTopLevel
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
		if memberFollows(line, next, kind, declared) {
			return name
		}
		return nil
	}
	return nil
}

// memberFollows: what follows a member's name at line[j] fits kind, or
// a declaration (declared).
func memberFollows(line []byte, j int, kind byte, declared bool) bool {
	if j == len(line) {
		return kind == bodyEnum || declared
	}
	c, after := line[j], byte(0)
	if j+1 < len(line) {
		after = line[j+1]
	}
	colon := c == ':' && after != ':'
	assign := c == '=' && after != '=' && after != '>'
	if declared {
		return colon || assign || c == ';'
	}
	switch kind {
	case bodyObject:
		return colon || c == '(' || c == '<'
	case bodyClass:
		return colon || assign || c == ';'
	case bodyEnum:
		return c == ',' || c == ';' || assign || c == '(' || c == '{'
	case bodyStruct:
		return colon
	case bodyPython:
		return colon && isAnnotation(line[j+1:]) || assign
	}
	return false
}

// isAnnotation: s, after a name's colon, reads as a Python type
// annotation, possibly with its value: "int = 5", "list[str]",
// "int | None". A docstring's "Args:" has none, its "Note: this class
// is..." has words side by side.
func isAnnotation(s []byte) bool {
	s = bytes.TrimLeft(s, " \t")
	depth, last := 0, byte(0) // brackets open; the last byte not blank
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '=', '#':
			if depth == 0 {
				return last != 0
			}
		case ' ', '\t':
			next := skipBlanks(s, i)
			if depth == 0 && next < len(s) && last != '|' && s[next] != '|' && s[next] != '=' && s[next] != '#' {
				return false
			}
			i = next - 1
			continue
		}
		last = s[i]
	}
	return last != 0
}

// typeBodyOf is the kind of the body whose member line, starting at
// data[start], would be (see bodyStack), or 0: the lines above it up to
// a line indented less are blank or indented as much or more, that line
// opens a body, and the first line after it is indented as line.
func typeBodyOf(data []byte, start int, line []byte, typed bool) byte {
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
		return bodyKindOf(prev, typed)
	}
	return 0
}

// maxBodyLines bounds how far up typeBodyOf looks for a body's start.
const maxBodyLines = 5000
