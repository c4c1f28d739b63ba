package analysis

// The query side of pair sketches (see PairSketch): the keys of a
// phrase's pairs, and whether a file's stored sketch may hold them.

// PhrasePairs are the keys of a phrase's pairs whose edges are known:
// the words between the first and the last are whole fields (blanks
// around them), while the first may start earlier in the file and the
// last go on, so theirs are known when they hold pairEdge bytes.
func PhrasePairs(words [][]byte) []uint64 {
	var keys []uint64
	for i := 0; i+1 < len(words); i++ {
		first, second := words[i], words[i+1]
		if i == 0 && len(first) < pairEdge || i+2 == len(words) && len(second) < pairEdge {
			continue
		}
		keys = append(keys, pairKey(packEdge(first[max(0, len(first)-pairEdge):]), packEdge(second[:min(len(second), pairEdge)])))
	}
	return keys
}

// SketchHolds: every key may be among the sketch's pairs.
func SketchHolds(sketch []byte, keys []uint64) bool {
	if len(sketch) == 0 {
		return true
	}
	for _, k := range keys {
		for _, bit := range probes(k, len(sketch)*8) {
			if sketch[bit>>3]&(1<<(bit&7)) == 0 {
				return false
			}
		}
	}
	return true
}
