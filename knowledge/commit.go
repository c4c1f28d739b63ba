package knowledge

import (
	"fmt"
	"os"

	"github.com/blevesearch/bleve/v2/document"
)

// commit applies one batch. Under the write lock it re-checks each file on
// disk: if another writer (the watcher, Reindex) changed it since it was
// read, the fresh content is read now, so an older read never overwrites a
// newer one.
func (x *Index) commit(items []pending, deletes []string) error {
	_, err := x.commitAsync(items, deletes, false)
	return err
}

// commitAsync is commit returning a channel closed once the batch is on
// disk (the batch is searchable when it returns).
func (x *Index) commitAsync(items []pending, deletes []string, shared bool) (chan struct{}, error) {
	if shared {
		x.wmu.RLock()
		defer x.wmu.RUnlock()
	} else {
		x.wmu.Lock()
		defer x.wmu.Unlock()
	}
	b := x.idx.NewBatch()
	stamps := make(map[string]*fileStat, len(items)+len(deletes))
	docs := make([]*document.Document, 0, len(items))
	for _, id := range deletes {
		b.Delete(id)
		stamps[id] = nil
	}
	for _, p := range items {
		f := p.file
		info, err := os.Stat(f.abs())
		if err != nil || !info.Mode().IsRegular() {
			b.Delete(f.id())
			stamps[f.id()] = nil
			continue
		}
		if st := statOf(info); st != f.fileStat || p.doc == nil {
			f.fileStat = st
			doc, _, err := readDoc(f, x.opts.MaxFileSize)
			if err != nil {
				b.Delete(f.id())
				stamps[f.id()] = nil
				continue
			}
			p.doc = doc
		}
		if err := b.IndexAdvanced(p.doc); err != nil {
			return nil, fmt.Errorf("knowledge: index %s: %w", f.rel, err)
		}
		docs = append(docs, p.doc)
		st := f.fileStat
		stamps[f.id()] = &st
	}
	persisted := make(chan struct{})
	b.SetPersistedCallback(func(error) { close(persisted) })
	if err := x.idx.Batch(b); err != nil {
		return nil, fmt.Errorf("knowledge: write index: %w", err)
	}
	recycleFields(docs)
	x.mu.Lock()
	x.unpersisted = append(pruneClosed(x.unpersisted), persisted)
	for id, st := range stamps {
		_, had := x.files[id]
		switch {
		case st == nil && had:
			delete(x.files, id)
			x.countLowPath(id, -1)
		case st != nil:
			if !had {
				x.countLowPath(id, 1)
			}
			x.files[id] = *st
		}
	}
	x.mu.Unlock()
	return persisted, nil
}

// pruneClosed drops channels already closed (batches already on disk).
func pruneClosed(chs []chan struct{}) []chan struct{} {
	out := chs[:0]
	for _, ch := range chs {
		select {
		case <-ch:
		default:
			out = append(out, ch)
		}
	}
	return out
}
