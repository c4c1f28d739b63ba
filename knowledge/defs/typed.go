package defs

import "bytes"

// The bodies of Java, C# and C classes, structs, unions, interfaces and
// records hold typed declarations ("private final Map<K, V> cache =",
// "struct node *next;", a C# property "public string Name { get; }"):
// the type comes before the name, so these bodies have shapes of their
// own (see members.go for the bodies themselves).

// typedBodyKind is bodyKindOf's answer in Java, C# and C for a line
// whose keyword is word.
func typedBodyKind(word string, named, refused bool) byte {
	switch {
	case refused:
		return 0
	case word == "enum" && named:
		return bodyEnum
	case word == "struct" || word == "union":
		return bodyTyped
	case named && (word == "class" || word == "interface" || word == "record"):
		return bodyTyped
	}
	return 0
}

// typedMember is the name a declaration in a Java, C# or C body defines:
// type words (after modifiers and annotations; generics, arrays and
// pointers between them), then the name, then "=", ";", ",", "[" (a C
// array) or a C# property's "{"; nil for a method, which typedFuncs
// finds, and for a nested type's line, which keywords do.
func typedMember(line []byte, i int) []byte {
	types := 0
	for range 2 * maxLineWords {
		if i < len(line) && line[i] == '@' {
			i = skipBlanks(line, skipAnnotation(line, i))
			continue
		}
		word, end := wordAt(line, i)
		if word == nil {
			return nil
		}
		switch kindOf(word) {
		case defModifier:
			if types == 0 {
				i = skipBlanks(line, skipParens(line, end))
				continue
			}
		case defControl:
			return nil
		case defKeyword:
			if w := string(word); w != "struct" && w != "union" && w != "enum" {
				return nil
			}
		}
		if args := skipAngles(line, end); args > end { // Map<String, Integer>
			types++
			i = skipDeclPunct(line, args)
			continue
		}
		next := skipBlanks(line, end)
		if types > 0 && next < len(line) && bytes.IndexByte([]byte("=;,{["), line[next]) >= 0 && !bytes.HasPrefix(line[next:], []byte("==")) {
			return word
		}
		types++
		i = skipDeclPunct(line, end)
	}
	return nil
}

// skipDeclPunct skips what may follow a type word in a declaration:
// blanks, pointers, arrays, nullability ("char *", "int[] ", "int? ").
func skipDeclPunct(line []byte, i int) int {
	for i < len(line) && bytes.IndexByte([]byte(" \t*&[]?"), line[i]) >= 0 {
		i++
	}
	return i
}
