package analysis

// ByteRarity ranks bytes by how common they are in source text, most
// common last: a search for a literal skips through the text to its
// rarest byte with the vectorized byte search, and a phrase is looked for
// from the word holding it.
var ByteRarity = func() (r [256]uint8) {
	for i := range r {
		r[i] = 40 // punctuation, digits and non-ASCII: fairly rare
	}
	const common = "qjzxkvbywgpfmhudclrsniotae" // rarest first
	for i, c := range []byte(common) {
		r[c] = uint8(50 + 5*i)
	}
	r[' '], r['\t'], r['\n'], r['_'], r['.'], r['('], r[')'] = 255, 200, 200, 120, 110, 110, 110
	return r
}()
