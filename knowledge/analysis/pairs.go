package analysis

import (
	"math/bits"
	"sync"
)

// A phrase's words can each be common while the phrase is rare: many
// files can hold both "setNode160" and "newValue568" and only a few hold
// them side by side, and every one of the many was read to find that
// out. So each document stores a pair sketch: a Bloom filter of the
// file's adjacent fields (runs of bytes between blanks, two of them with
// only blanks between, within a line), each pair keyed by the last
// pairEdge bytes of the first and the first pairEdge of the second,
// ASCII-lowercased. A candidate whose sketch lacks one of the phrase's
// pairs cannot hold the phrase, and is dropped without reading its file.
// Longer boundary grams in the index (three characters either side of a
// space) would cut those candidates too, but cost every build more CPU;
// the sketch is one stored value per document, read only for the
// candidates a phrase checks.
const (
	pairEdge   = 6 // bytes of each field a pair's key holds
	pairBits   = 6 // sketch bits per pair: about 6% of absent pairs pass
	pairProbes = 3 // bits per key
	minSketch  = 8 // bytes: a file without pairs still says so
	maxSketch  = 16 << 10
	// MaxPairs is the most pairs a file's sketch holds: a file with more
	// has none, and a phrase's candidate without one is read.
	MaxPairs = maxSketch * 8 / pairBits
)

// PairSketch is data's pair sketch, or nil when the file has so many
// pairs that it would exceed maxSketch (its candidates are then read).
func PairSketch(data []byte) []byte {
	buf := pairKeyBufs.Get().(*[]uint64)
	defer pairKeyBufs.Put(buf)
	keys, ok := appendPairs((*buf)[:0], data, MaxPairs)
	*buf = keys[:0]
	if !ok {
		return nil
	}
	size := max(minSketch, (len(keys)*pairBits+63)/64*8)
	sketch := make([]byte, size)
	for _, k := range keys {
		for _, bit := range probes(k, size*8) {
			sketch[bit>>3] |= 1 << (bit & 7)
		}
	}
	return sketch
}

var pairKeyBufs = sync.Pool{New: func() any { b := make([]uint64, 0, 2048); return &b }}

// Byte classes for finding fields: a table lookup, not three compares a
// byte (the sketch is built for every file the index reads).
const (
	inField = iota
	blank
	lineEnd
)

var byteClass = func() (c [256]uint8) {
	for _, b := range []byte{' ', '\t', '\f', '\r'} { // isBlank's
		c[b] = blank
	}
	c['\n'] = lineEnd
	return c
}()

// appendPairs appends the key of each pair of adjacent fields of data,
// as phraseSpans matches a phrase's words: separated by blanks
// (isBlank), within a line, ASCII case ignored; not ok, and stopped,
// past limit pairs.
func appendPairs(keys []uint64, data []byte, limit int) ([]uint64, bool) {
	var prevEnd uint64 // the previous field's last bytes, packed
	havePrev := false
	for i := 0; i < len(data); {
		switch byteClass[data[i]] {
		case lineEnd:
			havePrev = false
			i++
			continue
		case blank:
			i++
			continue
		}
		start := i
		for i < len(data) && byteClass[data[i]] == inField {
			i++
		}
		head := packEdge(data[start:min(i, start+pairEdge)])
		if havePrev {
			if len(keys) == limit {
				return keys, false
			}
			keys = append(keys, pairKey(prevEnd, head))
		}
		prevEnd, havePrev = head, true
		if i-start > pairEdge {
			prevEnd = packEdge(data[i-pairEdge : i])
		}
	}
	return keys, true
}

// packEdge packs up to pairEdge bytes, lowercased, with their count.
func packEdge(b []byte) uint64 {
	v := uint64(len(b)) << 56
	for i, c := range b {
		v |= uint64(lowerByte[c]) << (8 * i)
	}
	return v
}

var lowerByte = func() (l [256]byte) {
	for i := range l {
		l[i] = byte(i)
	}
	for c := 'A'; c <= 'Z'; c++ {
		l[c] = byte(c) + 'a' - 'A'
	}
	return l
}()

func pairKey(first, second uint64) uint64 {
	hi, lo := bits.Mul64(first^0x9E3779B97F4A7C15, second^0xC2B2AE3D27D4EB4F)
	return hi ^ lo
}

// probes are the sketch bits of key among n: three 21-bit slices of
// the key, each scaled to n.
func probes(key uint64, n int) [pairProbes]int {
	var out [pairProbes]int
	for i := range out {
		slice := key >> (21 * i) & (1<<21 - 1)
		out[i] = int(slice * uint64(n) >> 21)
	}
	return out
}
