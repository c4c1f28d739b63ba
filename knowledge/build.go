package knowledge

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/document"
)

// pending is a file read from disk, waiting for its batch.
type pending struct {
	file diskFile
	doc  *document.Document
	size int
}

// build runs once per Open: load what the index holds, start watching,
// reconcile with the disk.
func (x *Index) build(ctx context.Context) {
	defer close(x.ready)
	stamps, err := loadStamps(x.idx)
	if err != nil {
		x.update(false, func(s *Status) { s.State = StateFailed; s.Warning = err.Error() })
		return
	}
	x.mu.Lock()
	x.files, x.lowPaths, x.lastPaths = stamps, pathSet{}, pathMemo{}
	for id := range stamps {
		x.countLowPath(id, 1)
	}
	x.mu.Unlock()
	if !x.opts.NoWatch {
		x.startWatcher(ctx)
	}
	restoreGC := lowerGCForBuild()
	err = x.reconcile(ctx, nil, true)
	restoreGC()
	if err != nil {
		if ctx.Err() == nil {
			x.update(false, func(s *Status) { s.State = StateFailed; s.Warning = err.Error() })
		}
		return
	}
	x.update(false, func(s *Status) { s.State = StateReady })
}

// scope limits a reconcile to one directory of one source.
type scope struct {
	src *source
	rel string // "" for the whole source
}

// reconcile walks the scopes (all sources when nil), then indexes what is
// new or changed and deletes what is gone or now ignored. With progress
// set, it reports totals and progress in the status.
func (x *Index) reconcile(ctx context.Context, scopes []scope, progress bool) error {
	if scopes == nil {
		for _, s := range x.sources {
			scopes = append(scopes, scope{src: s})
		}
	}
	w := &walker{}
	x.mu.Lock()
	if x.w != nil {
		w.onDir = x.w.watchDir
	}
	x.mu.Unlock()
	var disk []diskFile
	seen := map[string]bool{}
	for _, sc := range scopes {
		err := w.walk(ctx, sc.src, sc.rel, func(f diskFile) {
			disk = append(disk, f)
			seen[f.id()] = true
		})
		if err != nil {
			return fmt.Errorf("knowledge: walk %s: %w", sc.src.root, err)
		}
	}
	var todo []diskFile
	var gone []string
	var total int64
	x.mu.Lock()
	for _, f := range disk {
		if old, ok := x.files[f.id()]; !ok || old != f.fileStat {
			todo = append(todo, f)
			total += min(f.size, x.opts.MaxFileSize)
		}
	}
	for id := range x.files {
		if !seen[id] && x.inScopes(id, scopes) {
			gone = append(gone, id)
		}
	}
	x.mu.Unlock()
	if progress {
		x.update(false, func(s *Status) {
			s.FilesTotal, s.BytesTotal, s.FilesDone, s.BytesDone = len(todo), total, 0, 0
		})
	}
	if len(gone) > 0 {
		if err := x.commit(nil, gone); err != nil {
			return err
		}
	}
	return x.indexFiles(ctx, todo, progress)
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

// indexFiles reads files in parallel and commits them in batches bounded
// by Options.BatchBytes, so memory stays flat however large the tree.
// heavyDoc is the document size (about its text) indexed in a batch of
// its own, with no other batch being written beside it.
const heavyDoc = 512 << 10

func (x *Index) indexFiles(ctx context.Context, files []diskFile, progress bool) error {
	if len(files) == 0 {
		return nil
	}
	in := make(chan diskFile)
	out := make(chan pending, 64)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range in {
				doc, size, err := readDoc(f, x.opts.MaxFileSize)
				if err != nil {
					doc = nil // vanished or unreadable: commit re-checks the disk
				}
				out <- pending{file: f, doc: doc, size: size}
			}
		}()
	}
	go func() {
		defer close(in)
		for _, f := range files {
			select {
			case in <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	// The first batch is small so the first results come quickly; later
	// ones grow to BatchBytes. Two batches are written at a time (scorch
	// builds each segment on one core), and at most three wait for the
	// disk, which bounds the memory of unpersisted segments.
	limitBytes := min(256<<10, x.opts.BatchBytes)
	var (
		batch    []pending
		bytes    int
		inflight []chan struct{}
		wmu      sync.Mutex // guards inflight and firstErr
		firstErr error
		writers  sync.WaitGroup
		slots    = make(chan struct{}, 2)
		heavy    bool // the batch holds a heavyDoc
	)
	weight := func(heavy bool) int {
		if heavy {
			return cap(slots)
		}
		return 1
	}
	setErr := func(err error) {
		wmu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		wmu.Unlock()
	}
	failed := func() bool { wmu.Lock(); defer wmu.Unlock(); return firstErr != nil }
	flush := func(weight int) {
		if len(batch) == 0 {
			return
		}
		items := batch
		batch, bytes = nil, 0
		limitBytes = min(limitBytes*2, x.opts.BatchBytes)
		for range weight {
			slots <- struct{}{}
		}
		writers.Add(1)
		go func() {
			defer func() {
				for range weight {
					<-slots
				}
				writers.Done()
			}()
			persisted, err := x.commitAsync(items, nil, true)
			if err != nil {
				setErr(err)
				return
			}
			n, b := len(items), int64(0)
			for _, p := range items {
				b += min(p.file.size, x.opts.MaxFileSize)
			}
			// The batch is in the index now: drop its documents (content
			// and term counts, several times the text) before waiting for
			// the disk, or each waiting writer keeps a whole batch alive.
			clear(items)
			if progress {
				x.update(true, func(s *Status) { s.FilesDone += n; s.BytesDone += b })
			}
			wmu.Lock()
			inflight = append(inflight, persisted)
			var wait chan struct{}
			if len(inflight) > 3 {
				wait, inflight = inflight[0], inflight[1:]
			}
			wmu.Unlock()
			if wait != nil {
				select {
				case <-wait:
				case <-ctx.Done():
				}
			}
		}()
	}
	for p := range out {
		if failed() || ctx.Err() != nil {
			continue // drain so the readers finish
		}
		batch = append(batch, p)
		bytes += p.size
		// A batch holding a heavy document is written with no other
		// beside it: one 1.5 MB base64 file's segment took 85 MB of heap
		// to build, and two such batches at once put a build's peak RSS
		// over 400 MB. (In a batch of its own, zap's building of a
		// one-document segment of 165k terms took 1.8 GB.)
		heavy = heavy || p.size >= heavyDoc
		if bytes >= limitBytes || len(batch) >= 5000 {
			flush(weight(heavy))
			heavy = false
		}
	}
	if !failed() && ctx.Err() == nil {
		flush(weight(heavy))
	}
	writers.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}
