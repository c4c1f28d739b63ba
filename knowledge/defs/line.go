package defs

import "bytes"

// At is the name the line of data starting at data[start] defines, read
// as Each would read it in the whole of data (the line above it, the Go
// block or type body it is in), a slice of data; nil when it defines
// none.
func At(data []byte, start int, r Rules) []byte {
	stop := len(data)
	if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
		stop = start + i
	}
	line := trimCR(data[start:stop])
	name := definedOn(lineAbove(data, start), line, r)
	if name == nil {
		if closer := goBlockOf(data, start, line, r); closer != 0 {
			name = memberOf(line, closer)
		}
	}
	if name == nil && r.typeBodies {
		if kind := typeBodyOf(data, start, line, r.typedFuncs); kind != 0 {
			name = memberName(line, skipBlanks(line, 0), kind)
		}
	}
	return name
}

// IsNameByte reports whether c may be part of a name: a definition's
// name is never found inside a longer one.
func IsNameByte(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' || c == '$' }

// lineAbove is the line before the one starting at data[start].
func lineAbove(data []byte, start int) []byte {
	if start == 0 {
		return nil
	}
	return trimCR(data[bytes.LastIndexByte(data[:start-1], '\n')+1 : start-1])
}

// goBlockOf is the byte closing the Go block of definitions line, starting
// at data[start], is a member of (see Each), or 0: the line is one tab in,
// below the block's opening line with nothing but indented, blank or
// comment lines between.
func goBlockOf(data []byte, start int, line []byte, r Rules) byte {
	if len(line) < 2 || line[0] != '\t' || line[1] == '\t' {
		return 0
	}
	for p := start; p > 0; {
		prevStart := bytes.LastIndexByte(data[:p-1], '\n') + 1
		prev := trimCR(data[prevStart : p-1])
		p = prevStart
		switch {
		case len(prev) == 0 || prev[0] == '\t' || bytes.HasPrefix(prev, []byte("//")):
			continue
		case isGroupStart(prev):
			return ')'
		case r.goMembers && isBodyStart(prev):
			return '}'
		}
		return 0
	}
	return 0
}
