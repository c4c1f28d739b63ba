package knowledge

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

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
	// The build's collector policy starts with the first file to index: a
	// reopen that finds the tree unchanged makes little garbage, and a
	// one-shot search spent more on collections than on its walk.
	end := func() {}
	err = x.reconcile(ctx, nil, true, func() { end = buildStarted() })
	end()
	if err != nil {
		if ctx.Err() == nil {
			x.update(false, func(s *Status) { s.State = StateFailed; s.Warning = err.Error() })
		}
		return
	}
	if x.opts.LazyMerge {
		// Segments a lazy index gains (a one-shot after edits) are bounded.
		if n, err := x.segments(); err == nil && n > lazySegments {
			_ = x.Compact(ctx)
		}
	}
	x.update(false, func(s *Status) { s.State = StateReady })
}

// onBuild holds what OnBuild set.
var onBuild atomic.Pointer[func() func()]

// OnBuild sets what the program runs around each index build: start is
// called as a build starts and the func it returns when the build ends.
// A build's garbage is most of the process's allocation, and how the
// collector treats it is the program's choice, not this package's (main
// hands it gcpolicy.LowerGCForBuild). Set once, before indexes open; nil
// runs nothing.
func OnBuild(start func() (end func())) {
	if start == nil {
		onBuild.Store(nil)
		return
	}
	onBuild.Store(&start)
}

// buildStarted runs what OnBuild set and returns its end.
func buildStarted() (end func()) {
	if start := onBuild.Load(); start != nil {
		return (*start)()
	}
	return func() {}
}

// indexFiles reads files in parallel and commits them in batches bounded
// by Options.BatchBytes, so memory stays flat however large the tree.
// heavyDoc is the document size (about its text) whose batch is written
// with no other batch beside it.
const heavyDoc = 512 << 10

func (x *Index) indexFiles(ctx context.Context, files []diskFile, progress bool) error {
	if len(files) == 0 {
		return nil
	}
	ch := make(chan diskFile, len(files))
	for _, f := range files {
		ch <- f
	}
	close(ch)
	return x.indexStream(ctx, ch, progress)
}

// indexStream is indexFiles for files still being found.
func (x *Index) indexStream(ctx context.Context, files <-chan diskFile, progress bool) error {
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
		for f := range files {
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
		slots    = newWriteSlots(2)
		heavy    bool // the batch holds a heavyDoc
	)
	setErr := func(err error) {
		wmu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		wmu.Unlock()
	}
	failed := func() bool { wmu.Lock(); defer wmu.Unlock(); return firstErr != nil }
	flush := func(heavy bool) {
		if len(batch) == 0 {
			return
		}
		items := batch
		batch, bytes = nil, 0
		limitBytes = min(limitBytes*2, x.opts.BatchBytes)
		slots.acquire(heavy)
		writers.Add(1)
		go func() {
			defer func() {
				slots.release(heavy)
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
		// beside it: building a heavy file's segment takes many times its
		// size in heap, and two such batches at once set a build's peak
		// memory. Letting an ordinary batch beside it would use a core
		// that is otherwise idle, but saved little time for a higher and
		// less predictable peak.
		heavy = heavy || p.size >= heavyDoc
		if bytes >= limitBytes || len(batch) >= 5000 {
			flush(heavy)
			heavy = false
		}
	}
	if !failed() && ctx.Err() == nil {
		flush(heavy)
	}
	writers.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// writeSlots bounds the batches being written at once; a batch holding
// a heavyDoc takes them all.
type writeSlots chan struct{}

func newWriteSlots(n int) writeSlots { return make(writeSlots, n) }

func (w writeSlots) weight(heavy bool) int {
	if heavy {
		return cap(w)
	}
	return 1
}

// acquire waits until the batch may be written. Called from one
// goroutine only, so a heavy batch's slots are not split with another's.
func (w writeSlots) acquire(heavy bool) {
	for range w.weight(heavy) {
		w <- struct{}{}
	}
}

func (w writeSlots) release(heavy bool) {
	for range w.weight(heavy) {
		<-w
	}
}
