package defs

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// How a line defines a name (see Each): the words that may start it,
// and each language's shapes of a definition.

// defKind is what a word at the start of a line says of the next one.
type defKind int

const (
	notDef      defKind = iota
	defModifier         // may come before the keyword: export, pub, static...
	defKeyword          // introduces a definition named by the next word
	defTopLevel         // a keyword only on an unindented line: const, let, var, val
	defControl          // starts a statement, never a definition: if, return, new...
)

// kindOf is a switch, not a map: it runs on the first word of every line
// of every file indexed.
func kindOf(word []byte) defKind {
	switch string(word) {
	case "func", "function", "fn", "fun", "def", "defp", "defmacro", "defmodule", "class", "struct",
		"interface", "enum", "trait", "type", "module", "protocol", "union", "record", "object", "macro", "sub",
		"macro_rules":
		return defKeyword
	case "const", "let", "var", "val":
		return defTopLevel
	case "if", "else", "for", "while", "switch", "return", "new", "throw", "do", "catch", "sizeof",
		"delete", "goto", "using", "namespace", "typedef", "template", "yield", "await", "print", "assert",
		"try", "except", "finally", "elif", "with", "raise", "pass", "del", "global", "nonlocal", "lambda":
		return defControl
	case "export", "default", "public", "private", "protected", "internal", "static", "async", "pub",
		"abstract", "final", "sealed", "override", "inline", "extern", "unsafe", "open", "data", "partial",
		"virtual", "declare", "local", "readonly", "suspend", "case", "lateinit":
		return defModifier
	}
	return notDef
}

// maxLineWords bounds the words read before giving up on a line.
const maxLineWords = 6

// definedOn returns the name line defines, or nil; prev is the line
// above it.
func definedOn(prev, line []byte, r Rules) []byte {
	i := skipBlanks(line, 0)
	indented := i > 0
	if i < len(line) && line[i] == '#' {
		if r.macros {
			return macroName(line, i+1)
		}
		return nil
	}
	mods, types := 0, 0 // modifiers and type words read
	for range maxLineWords {
		if i < len(line) && line[i] == '@' { // @Override, @objc, a decorator
			mods++
			i = skipAnnotation(line, i)
			continue
		}
		if j := skipAngles(line, i); j > i && mods > 0 { // a generic method's <T> (Java)
			i = skipBlanks(line, j)
			continue
		}
		word, end := wordAt(line, i)
		if word == nil {
			return nil
		}
		next := skipBlanks(line, end)
		if r.bareMethods && !r.typedFuncs {
			if name := assignedFunction(line, i, indented); name != nil {
				return name // module.exports.load = function (
			}
		}
		if r.bareMethods {
			next = skipTypeParams(line, next) // handle<T>(e: T) {
			if isAccessor(word, line, next) && !r.typedFuncs {
				mods++ // get size() {
				i = next
				continue
			}
		}
		switch kindOf(word) {
		case defModifier:
			mods++
			i = skipBlanks(line, skipParens(line, end)) // pub(crate)
			continue
		case defKeyword:
			name, rest := keywordName(line, word, end)
			if r.typedFuncs && rest < len(line) && (line[rest] == '*' || isIdentStart(line[rest])) &&
				(string(word) == "struct" || string(word) == "union" || string(word) == "enum") {
				// "struct node *make_node(": the struct names a type.
				types++
				i = skipTypePunct(line, rest)
				continue
			}
			return name
		case defTopLevel:
			if r.topLevelVars && !indented {
				name, _ := keywordName(line, word, end)
				return name
			}
			if !r.typedFuncs {
				return nil
			}
		case defControl:
			return nil
		}
		switch {
		case r.assignments && i == 0 && next < len(line) && (line[next] == '=' && !bytes.HasPrefix(line[next:], []byte("==")) || line[next] == ':'):
			return word
		case next < len(line) && line[next] == '(':
			if namesParams(prev, line, word, end, next, mods+types, mods > 0, r) {
				return word
			}
			return nil
		case !r.typedFuncs:
			return nil
		}
		types++
		i = skipTypePunct(line, end)
	}
	return nil
}

// namesParams: word, ending at end, is the name of the function whose
// parameters open at line[open], after n modifiers and type words.
func namesParams(prev, line, word []byte, end, open, n int, modified bool, r Rules) bool {
	switch {
	case n > 0:
		// After a type or a modifier, on a line that does not end a
		// statement.
		return (r.typedFuncs || modified) && !endsStatement(line) && bytes.IndexByte(line[:end], '=') < 0
	case line[0] == ' ' || line[0] == '\t':
		return r.bareMethods && !isStatementWord(word) && isMethodHead(line, open)
	default:
		return r.typeAbove && isReturnTypeLine(prev) && !endsStatement(line)
	}
}

// keywordName returns the name after a keyword ending at end, and where
// the line goes on after it; nil when no name of its own follows. A
// qualified name is named by its last part: "fun String.shout()" (a
// Kotlin extension), "def self.create" (Ruby), "function M.setup" (Lua).
func keywordName(line, word []byte, end int) ([]byte, int) {
	j := skipBlanks(line, end)
	if j < len(line) && (line[j] == '*' || line[j] == '!') { // function* generators, macro_rules! name
		j = skipBlanks(line, j+1)
	}
	if string(word) == "func" && j < len(line) && line[j] == '(' { // a Go method's receiver
		j = skipBlanks(line, skipParens(line, j))
	}
	if j < len(line) && line[j] == '<' { // fun <T> name (Kotlin)
		j = skipBlanks(line, skipAngles(line, j))
	}
	if j == end { // the name must be a word of its own
		return nil, end
	}
	name, after := wordAt(line, j)
	if name != nil && (string(name) == "class" || string(name) == "struct") && string(word) == "enum" {
		return keywordName(line, name, after) // enum class Color
	}
	for name != nil {
		dot := skipAngles(line, after) // fun <T> List<T>.second()
		if dot+1 >= len(line) || line[dot] != '.' || !isIdentStart(line[dot+1]) {
			break
		}
		name, after = wordAt(line, dot+1)
	}
	return name, skipBlanks(line, after)
}

// skipTypePunct skips what may join a type's words: blanks, pointers,
// references, scopes and type arguments (std::map<K, V>& m).
func skipTypePunct(line []byte, i int) int {
	for i < len(line) && bytes.IndexByte([]byte(" \t*&:<>,[]?"), line[i]) >= 0 {
		i++
	}
	return i
}

func endsStatement(line []byte) bool {
	line = bytes.TrimRight(line, " \t")
	return len(line) > 0 && line[len(line)-1] == ';'
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
}

func skipBlanks(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// skipParens skips the balanced parentheses opening at line[i] (or
// whatever follows i when there are none there).
func skipParens(line []byte, i int) int {
	end, _ := closeOf(line, i, '(', ')', "")
	return end
}

// closeOf is the index just past the bracket closing the one that opens
// at line[i] (open, then close, counting nested pairs), and true; i when
// none opens there, the index of a byte of stops met before the close,
// or the line's end when it does not close, and false.
func closeOf(line []byte, i int, open, close byte, stops string) (int, bool) {
	if i >= len(line) || line[i] != open {
		return i, false
	}
	depth := 0
	for j := i; j < len(line); j++ {
		switch c := line[j]; {
		case c == open:
			depth++
		case c == close:
			if depth--; depth == 0 {
				return j + 1, true
			}
		case strings.IndexByte(stops, c) >= 0:
			return j, false
		}
	}
	return len(line), false
}

// wordAt returns the identifier starting at line[i] and its end; nil
// when none starts there.
func wordAt(line []byte, i int) ([]byte, int) {
	j := i
	for j < len(line) && IsNameByte(line[j]) {
		j++
	}
	if j == i || '0' <= line[i] && line[i] <= '9' {
		return nil, i
	}
	return line[i:j], j
}

// IsNameByte: c may be part of a name (wordAt's, and the name a hit's
// text is searched for).

// trimCR drops a CRLF line's carriage return.
func trimCR(line []byte) []byte { return bytes.TrimSuffix(line, []byte{'\r'}) }
