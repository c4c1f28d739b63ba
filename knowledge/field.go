package knowledge

import (
	"math/bits"
	"sync"
	"unsafe"

	"github.com/blevesearch/bleve/v2/document"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// countedField is an indexed, unstored text field whose analysis counts
// terms straight into bleve's frequency map. bleve's own text field asks
// an analyzer for one token struct per occurrence (~80 bytes each), only
// to count them and drop them: that garbage was the largest share of the
// build's allocations and GC time. Queries still analyze text through
// the registered analyzers, which emit the same terms.
type countedField struct {
	name   string
	value  []byte
	count  func(value []byte, c *termCounter)
	length int
	freqs  index.TokenFrequencies
	// freqsSize is freqs.Size(), counted as terms were added.
	freqsSize int
	mem       *counterMem // where freqs came from, for recycle
}

func newContentField(name string, value []byte) *countedField {
	return &countedField{name: name, value: value, count: countIdents}
}

func newGramField(name string, value []byte) *countedField {
	return &countedField{name: name, value: value, count: countGrams}
}

func (f *countedField) Name() string                        { return f.name }
func (f *countedField) ArrayPositions() []uint64            { return nil }
func (f *countedField) Options() index.FieldIndexingOptions { return index.IndexField }
func (f *countedField) Value() []byte                       { return f.value }
func (f *countedField) NumPlainTextBytes() uint64           { return uint64(len(f.value)) }
func (f *countedField) EncodedFieldType() byte              { return 't' }
func (f *countedField) AnalyzedLength() int                 { return f.length }
func (f *countedField) AnalyzedTokenFrequencies() index.TokenFrequencies {
	return f.freqs
}

// Size is kept from Analyze: bleve asks for it more than once per
// document, and TokenFrequencies.Size walks the whole map each time.
func (f *countedField) Size() int {
	return 64 + len(f.name) + len(f.value) + f.freqsSize
}

func (f *countedField) Analyze() {
	c := &termCounter{}
	f.count(f.value, c)
	f.length, f.freqs, f.mem = c.occurrences, c.freqs, c.mem
	f.freqsSize = c.size()
}

// recycle hands the field's frequency map and entry slab to the next
// document. Only for a field whose batch is in the index: bleve reads
// them while it builds the batch's segment and never after (the segment
// holds copies).
func (f *countedField) recycle() {
	if f.mem != nil {
		f.mem.put()
	}
	f.mem, f.freqs = nil, nil
}

// recycleFields recycles the counted fields of documents whose batch is
// in the index.
func recycleFields(docs []*document.Document) {
	for _, d := range docs {
		for _, field := range d.Fields {
			if cf, ok := field.(*countedField); ok {
				cf.recycle()
			}
		}
	}
}

// counterMem is a frequency map and entry slab sized for up to
// counterCap(class) terms. A file's maps were a large share of the
// bytes a build allocated, all garbage once its batch was in the index.
type counterMem struct {
	class int
	freqs index.TokenFrequencies
	slab  []index.TokenFreq
}

// counterPools hold recycled counterMems by class: a map made for a
// class has the table size Go gives any map of that many terms, so a
// reused map is no slower to walk than a new one.
var counterPools [64]sync.Pool

func counterClass(n int) int { return bits.Len(uint(n * 8 / 7)) }

func counterCap(class int) int { return (1 << class) * 7 / 8 }

func getCounterMem(n int) *counterMem {
	class := counterClass(n)
	if m, ok := counterPools[class].Get().(*counterMem); ok {
		return m
	}
	size := counterCap(class)
	return &counterMem{class: class, freqs: make(index.TokenFrequencies, size), slab: make([]index.TokenFreq, 0, size)}
}

func (m *counterMem) put() {
	clear(m.freqs)
	clear(m.slab[:cap(m.slab)]) // drop the entries' terms, which share a document's bytes
	m.slab = m.slab[:0]
	counterPools[m.class].Put(m)
}

// termCounter builds a frequency map; terms and their entries are carved
// from slabs.
type termCounter struct {
	mem         *counterMem
	freqs       index.TokenFrequencies
	slab        []index.TokenFreq
	terms       []byte
	occurrences int
	termBytes   int // the distinct terms' bytes
}

// size is what index.TokenFrequencies.Size returns for the counted map
// (its map keys are its terms, hence twice their bytes).
func (c *termCounter) size() int {
	if c.freqs == nil {
		return 0
	}
	const sizeOfMap, sizeOfString, sizeOfPtr = 8, 16, 8
	perTerm := sizeOfString + sizeOfPtr + int(unsafe.Sizeof(index.TokenFreq{}))
	return sizeOfMap + len(c.freqs)*perTerm + 2*c.termBytes
}

// reserve sizes the map and the entry slab for n distinct terms: grown
// step by step, a file's map of a few thousand grams was the largest
// allocation of the whole build.
func (c *termCounter) reserve(n int) {
	c.mem = getCounterMem(n)
	c.freqs, c.slab = c.mem.freqs, c.mem.slab
}

// insert adds a term not counted yet, with a frequency of one. The map
// key shares the term's bytes instead of copying them: terms are carved
// from slabs that are never written again once a term is inserted, and a
// copy per distinct term was one allocation per gram and code word of
// every file indexed.
func (c *termCounter) insert(term []byte) {
	if len(c.slab) == cap(c.slab) {
		c.slab = make([]index.TokenFreq, 0, 256)
	}
	c.slab = append(c.slab, index.TokenFreq{Term: term})
	c.termBytes += len(term)
	tf := &c.slab[len(c.slab)-1]
	tf.SetFrequency(1)
	c.freqs[unsafe.String(unsafe.SliceData(term), len(term))] = tf
}

// identCount counts a document's words in a pooled map first, so that
// its own map and entry slab are made once at their final size: grown
// from a guess, they were a sixth of a build's allocations.
type identCount struct {
	at    map[string]int32 // term -> index in terms
	terms [][]byte
	freqs []int32
}

var identCounts = sync.Pool{New: func() any { return &identCount{at: map[string]int32{}} }}

func countIdents(value []byte, c *termCounter) {
	ic := identCounts.Get().(*identCount)
	hasData := false
	analysis.ForEachIdentOrData(value, func(start, end int, inData bool) {
		if inData {
			hasData = true
			return
		}
		id := value[start:end]
		analysis.ForEachIdentTerm(id, func(s, e, _ int) {
			c.occurrences++
			term := lowerInto(&c.terms, id[s:e], 16<<10)
			if i, ok := ic.at[string(term)]; ok {
				ic.freqs[i]++
				c.terms = c.terms[:len(c.terms)-len(term)] // seen before: its bytes are not needed
				return
			}
			ic.at[unsafe.String(unsafe.SliceData(term), len(term))] = int32(len(ic.terms))
			ic.terms = append(ic.terms, term)
			ic.freqs = append(ic.freqs, 1)
		})
	})
	c.reserve(len(ic.terms) + 1)
	for i, term := range ic.terms {
		c.insert(term)
		c.slab[len(c.slab)-1].SetFrequency(int(ic.freqs[i]))
	}
	if hasData {
		c.insert(analysis.DataMarker) // no occurrence: the field's length, hence BM25, is the words'
	}
	if len(ic.terms) > 1<<14 {
		return // a huge map would make every later clear slow
	}
	clear(ic.at) // and with it the keys, which share this document's bytes
	clear(ic.terms)
	ic.terms, ic.freqs = ic.terms[:0], ic.freqs[:0]
	identCounts.Put(ic)
}

func countGrams(value []byte, c *termCounter) {
	c.occurrences = analysis.EachDistinctGram(value, c.reserve, c.insert)
}
