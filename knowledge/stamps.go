package knowledge

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
)

// A document's stamp is what the index remembers of its file, "id NUL
// size mtime kind", so that the reconcile at open can tell what changed
// on disk. It is one term with doc values, read back column by column:
// as a stored field it was read from each document's stored data, which
// also holds its pair sketch, and the reconcile then mapped all of it,
// keeping much more of the index resident after opening.
func stampTerm(id string, s fileStat, kind string) []byte {
	return []byte(id + "\x00" + strconv.FormatInt(s.size, 10) + " " + strconv.FormatInt(s.mtime, 10) + " " + kind)
}

func parseStamp(v string) (fileStat, error) {
	f := strings.Fields(v)
	if len(f) != 3 {
		return fileStat{}, fmt.Errorf("bad stamp %q", v)
	}
	size, err1 := strconv.ParseInt(f[0], 10, 64)
	mtime, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return fileStat{}, fmt.Errorf("bad stamp %q", v)
	}
	return fileStat{size: size, mtime: mtime}, nil
}

// loadStamps reads the stamp of every live document from the doc values
// of the index's current snapshot.
func loadStamps(idx bleve.Index) (map[string]fileStat, error) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, fmt.Errorf("knowledge: read index: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("knowledge: read index: %w", err)
	}
	defer r.Close()
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok || snap == nil {
		return nil, fmt.Errorf("knowledge: read index: %w", errNotScorch)
	}
	n, err := snap.DocCount()
	if err != nil {
		return nil, fmt.Errorf("knowledge: read index: %w", err)
	}
	out := make(map[string]fileStat, n)
	values, err := snap.DocValueReader([]string{fieldStamp})
	if err != nil {
		return nil, fmt.Errorf("knowledge: read index: %w", err)
	}
	visit := func(_ string, term []byte) {
		id, stamp, ok := bytes.Cut(term, []byte{0})
		st, err := parseStamp(string(stamp))
		if !ok || err != nil {
			st = fileStat{size: -1} // forces a re-index
		}
		out[string(id)] = st
	}
	var start uint64 // the segment's first document number
	var num [8]byte
	for _, s := range snap.Segments() {
		for live := s.DocNumbersLive().Iterator(); live.HasNext(); {
			binary.BigEndian.PutUint64(num[:], start+uint64(live.Next()))
			if err := values.VisitDocValues(num[:], visit); err != nil {
				return nil, fmt.Errorf("knowledge: read index: %w", err)
			}
		}
		start += s.Segment().Count()
	}
	return out, nil
}
