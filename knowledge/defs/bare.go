package defs

import "bytes"

// The shapes of a definition that no keyword introduces (see shape.go):
// a C macro, a C function below its return type, a method or constructor
// named by itself, and what may sit between a name and its parameters.

// macroName is the name a "#define" line defines, from line[i], just past
// its "#"; nil for any other directive.
func macroName(line []byte, i int) []byte {
	rest, ok := bytes.CutPrefix(line[skipBlanks(line, i):], []byte("define"))
	if !ok || len(rest) == 0 || rest[0] != ' ' && rest[0] != '\t' {
		return nil
	}
	name, _ := wordAt(rest, skipBlanks(rest, 0))
	return name
}

// isReturnTypeLine: prev can be a C function's return type alone on its
// line ("static int", "struct node *"): unindented, a word first and a
// type's last character at its end, no directive, comment, brace,
// call, assignment or label.
func isReturnTypeLine(prev []byte) bool {
	prev = bytes.TrimRight(prev, " \t")
	if len(prev) == 0 || !isIdentStart(prev[0]) || bytes.ContainsAny(prev, "(=;{}") {
		return false
	}
	if last := prev[len(prev)-1]; !IsNameByte(last) && last != '*' && last != '&' {
		return false
	}
	first, _ := wordAt(prev, 0)
	return kindOf(first) != defControl
}

// isMethodHead: the parameters opening at line[open] close on the line,
// and the line ends with the brace of the body, after at most a return
// type, a throws clause or a base call: "render() {", "get(key: string):
// V {", "Parser(string s) : base(s) {"; not a chained call ("f(x).g(y)
// {"). A callback's arrow ("it('works', () => {") leaves the parentheses
// open.
func isMethodHead(line []byte, open int) bool {
	end := skipParens(line, open)
	if end <= open || line[end-1] != ')' {
		return false
	}
	rest := bytes.TrimRight(line[skipBlanks(line, end):], " \t")
	return len(rest) > 0 && (rest[0] == '{' || rest[0] == ':' || isIdentStart(rest[0])) &&
		rest[len(rest)-1] == '{' && !bytes.Contains(rest, []byte("=>"))
}

// isStatementWord: a word that opens a block with parentheses but names
// nothing, in the languages with bare methods (kindOf's control words
// aside): synchronized (lock) {, foreach (var x in xs) {. A constructor
// is named by its class, so "constructor" is not a name either.
func isStatementWord(word []byte) bool {
	switch string(word) {
	case "synchronized", "lock", "fixed", "foreach", "checked", "unchecked", "super", "this", "constructor":
		return true
	}
	return false
}

// assignedFunction is the name an unindented JavaScript line gives a
// function by assigning it to a property, from line[i]: the last part
// of "module.exports.load = function (", "Parser.prototype.parse =
// async function", "exports.run = (opts) =>"; nil for any other line.
func assignedFunction(line []byte, i int, indented bool) []byte {
	if indented {
		return nil
	}
	var name []byte
	for dotted := false; ; dotted = true {
		word, end := wordAt(line, i)
		if word == nil || end >= len(line) {
			return nil
		}
		name, i = word, end
		if line[i] != '.' {
			if !dotted {
				return nil // a plain "x = function" is a variable's
			}
			break
		}
		i++
	}
	i = skipBlanks(line, i)
	if i+1 >= len(line) || line[i] != '=' || line[i+1] == '=' {
		return nil
	}
	rest := line[skipBlanks(line, i+1):]
	rest = bytes.TrimPrefix(rest, []byte("async "))
	if bytes.HasPrefix(rest, []byte("function")) || bytes.Contains(rest, []byte("=>")) {
		return name
	}
	return nil
}

// isAccessor: word is the get or set of a JavaScript accessor, followed
// at line[next] by the property's name ("get size() {").
func isAccessor(word, line []byte, next int) bool {
	return (string(word) == "get" || string(word) == "set") && next < len(line) &&
		next > 0 && (line[next-1] == ' ' || line[next-1] == '\t') && isIdentStart(line[next])
}

// skipAnnotation skips the annotation or decorator at line[i] ("@",
// a dotted name, its arguments) and the blanks after it.
func skipAnnotation(line []byte, i int) int {
	i++
	for i < len(line) && (IsNameByte(line[i]) || line[i] == '.') {
		i++
	}
	return skipBlanks(line, skipParens(line, i))
}

// skipTypeParams skips a generic method's type parameters at line[i]
// when its parameters follow them ("handle<T>(e: T) {"); i otherwise.
func skipTypeParams(line []byte, i int) int {
	if i >= len(line) || line[i] != '<' {
		return i
	}
	if j := skipBlanks(line, skipAngles(line, i)); j > i && j < len(line) && line[j] == '(' {
		return j
	}
	return i
}

// skipAngles skips the balanced angle brackets opening at line[i]; i
// when none open there or they do not close before a brace, a
// parenthesis or a statement's end.
func skipAngles(line []byte, i int) int {
	if end, ok := closeOf(line, i, '<', '>', "(){};"); ok {
		return end
	}
	return i
}
