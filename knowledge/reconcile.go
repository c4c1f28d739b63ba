package knowledge

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// scope limits a reconcile to one directory of one source.
type scope struct {
	src *source
	rel string // "" for the whole source
}

// reconcile walks the scopes (all sources when nil), indexes what is new
// or changed and deletes what is gone or now ignored. Files are indexed
// as the walk finds them, so a big tree's first results do not wait for
// the whole walk; what is gone is known, and
// deleted, once it ends. With progress set, it reports totals (growing
// while the walk runs) and progress in the status. firstChange, if set,
// is called once, before the first new or changed file is indexed.
func (x *Index) reconcile(ctx context.Context, scopes []scope, progress bool, firstChange func()) error {
	if scopes == nil {
		for _, s := range x.sources {
			scopes = append(scopes, scope{src: s})
		}
	}
	if f := firstChange; f != nil {
		var once sync.Once
		firstChange = func() { once.Do(f) }
	}
	w := &walker{}
	x.mu.Lock()
	if x.w != nil {
		w.onDir = x.watchDir(x.w)
	}
	x.mu.Unlock()
	if progress {
		x.update(false, func(s *Status) {
			s.FilesTotal, s.BytesTotal, s.FilesDone, s.BytesDone, s.Counting = 0, 0, 0, 0, true
		})
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan diskFile, 1024)
	seen := map[string]bool{}
	walked := make(chan error, 1)
	go func() {
		defer close(todo)
		walked <- x.walkChanged(ctx, w, scopes, seen, todo, progress, firstChange)
	}()
	err := x.indexStream(ctx, todo, progress)
	cancel() // a failed indexing stops the walk
	if walkErr := <-walked; err == nil {
		err = walkErr
	}
	if err != nil {
		return err
	}
	var gone []string
	x.mu.Lock()
	for id := range x.files {
		if !seen[id] && x.inScopes(id, scopes) {
			gone = append(gone, id)
		}
	}
	x.mu.Unlock()
	if len(gone) > 0 {
		if firstChange != nil {
			firstChange()
		}
		return x.commit(nil, gone)
	}
	return nil
}

// testHookWalked, when set by a test, sees each file the walk finds.
var testHookWalked func(rel string)

// walkChanged walks the scopes, marks every file it finds in seen and
// sends those new or changed since they were indexed to todo.
func (x *Index) walkChanged(ctx context.Context, w *walker, scopes []scope, seen map[string]bool, todo chan<- diskFile, progress bool, firstChange func()) error {
	for _, sc := range scopes {
		err := w.walk(ctx, sc.src, sc.rel, func(f diskFile) {
			if testHookWalked != nil {
				testHookWalked(f.rel)
			}
			id := f.id()
			seen[id] = true
			x.mu.Lock()
			old, ok := x.files[id]
			x.mu.Unlock()
			if ok && old == f.fileStat {
				return
			}
			if firstChange != nil {
				firstChange()
			}
			if progress {
				x.update(true, func(s *Status) { s.FilesTotal++; s.BytesTotal += min(f.size, x.opts.MaxFileSize) })
			}
			select {
			case todo <- f:
			case <-ctx.Done():
			}
		})
		if err != nil {
			if progress {
				x.update(false, func(s *Status) { s.Counting = false })
			}
			return fmt.Errorf("knowledge: walk %s: %w", sc.src.root, err)
		}
	}
	if progress {
		x.update(false, func(s *Status) { s.Counting = false }) // the final totals, not throttled away
	}
	return ctx.Err()
}

// inScopes reports whether a document id lies inside one of the scopes.
func (x *Index) inScopes(id string, scopes []scope) bool {
	src, rel := x.locate(id)
	for _, sc := range scopes {
		if sc.src == src && underDir(rel, sc.rel) {
			return true
		}
	}
	return false
}

// underDir reports whether rel is dir or lies below it ("" is the root).
func underDir(rel, dir string) bool {
	return dir == "" || rel == dir || strings.HasPrefix(rel, dir+"/")
}

// locate splits a document id into its source and relative path.
func (x *Index) locate(id string) (*source, string) {
	for _, s := range x.sources[1:] {
		if rel, ok := strings.CutPrefix(id, s.label+":"); ok {
			return s, rel
		}
	}
	return x.sources[0], id
}
