// Package match finds a query's terms in a file's text, as a grep would
// find them, and picks the lines and snippet a hit shows. Words and
// literals are found by a byte search from their rarest byte, ASCII case
// folded in place; phrases grow word by word over blanks, fuzzy words by
// edit distance over identifiers, and a regexp runs only on the lines a
// literal it needs picked out. It reads no index and no file: the caller
// hands it the text.
package match
