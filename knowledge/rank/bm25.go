package rank

import (
	"math"
	"sync"

	bsearch "github.com/blevesearch/bleve/v2/search"
)

// bm25 is bleve's term scorer for one term (scorer.TermQueryScorer with
// its BM25 model): the same formula and the same statistics, so a score
// here equals the score bleve gives.
type bm25 struct{ idf, avgLen float64 }

func newBM25(docs, docsWithTerm uint64, fieldCardinality int) bm25 {
	b := bm25{idf: math.Log(1 + (float64(docs)-float64(docsWithTerm)+0.5)/(float64(docsWithTerm)+0.5))}
	if docs > 0 {
		b.avgLen = math.Ceil(float64(fieldCardinality) / float64(docs))
	}
	return b
}

// scoreWith is a posting's score from its frequency and the length
// part of the denominator (partOf its norm). avgLen is > 0 whenever a
// term has postings (its field then holds terms), so bleve's tf-idf
// fallback for an empty field never applies here.
func (b bm25) scoreWith(freq uint64, part float64) float64 {
	tf := tfOf(freq)
	return b.numerator(tf) / (tf + part)
}

func (b bm25) numerator(tf float64) float64 { return b.idf * (tf * bsearch.BM25_k1) }

// surelyBelow reports, without scoreWith's division, that the score of
// freq and part is less than min. Its margin (a billionth) is far wider
// than the rounding of either side, so it never says so of a score that
// scoreWith would not put below min. Most postings of a word in every
// file cannot enter a page, and a division each was a visible part of
// ranking them.
func (b bm25) surelyBelow(freq uint64, part, min float64) bool {
	tf := tfOf(freq)
	return b.numerator(tf) < min*(tf+part)*(1-1e-9)
}

// sqrtTF holds √freq for the frequencies most postings have.
var sqrtTF = func() (t [256]float64) {
	for i := range t {
		t[i] = math.Sqrt(float64(i))
	}
	return t
}()

func tfOf(freq uint64) float64 {
	if freq < uint64(len(sqrtTF)) {
		return sqrtTF[freq]
	}
	return math.Sqrt(float64(freq))
}

// partOf is the share of the score's denominator that depends on the
// field's length alone, from the norm as bleve computes it.
func (b bm25) partOf(norm float64) float64 {
	fieldLength := 1 / (norm * norm)
	return bsearch.BM25_k1 * (1 - bsearch.BM25_b + (bsearch.BM25_b * fieldLength / b.avgLen))
}

// normBitser is a posting that gives its norm as stored: zap keeps the
// field's length there, and Norm turns it into 1/√length.
type normBitser interface{ NormUint64() uint64 }

// lengthParts caches partOf by field length for one average length.
// A posting's length goes from its stored bits to Norm (a square root and
// a division) to bleve's field length (another division) to the part
// (one more): those were half the work of scoring a word in every file.
// Each step runs as in bleve, so a score is bleve's to the last bit.
type lengthParts struct {
	avgLen float64
	part   []float64 // by field length; 0 until computed (a part is > 0)
}

const cachedLengths = 1 << 16

var lengthPartPool = sync.Pool{New: func() any { return &lengthParts{part: make([]float64, cachedLengths)} }}

func getLengthParts(avgLen float64) *lengthParts {
	lp := lengthPartPool.Get().(*lengthParts)
	if lp.avgLen != avgLen {
		clear(lp.part)
		lp.avgLen = avgLen
	}
	return lp
}

// partFor is b.partOf the norm of a stored length, cached.
func (lp *lengthParts) partFor(b bm25, length uint64) float64 {
	if length >= cachedLengths {
		return b.partOf(normOf(length))
	}
	part := lp.part[length]
	if part == 0 {
		part = b.partOf(normOf(length))
		lp.part[length] = part
	}
	return part
}

// normOf is zap's Posting.Norm for a stored length.
func normOf(length uint64) float64 {
	return float64(float32(1.0 / math.Sqrt(float64(uint32(length)))))
}
