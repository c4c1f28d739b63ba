// Package knowledge is Hearth's local search over the workspace: a bleve
// (scorch) index of every non-ignored text file, kept fresh by a file
// watcher, queried with a small code-aware syntax. File content is not
// stored in the index; snippets are read from disk at query time, and the
// disk is the source of truth that a reconcile at open restores.
package knowledge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/hearth-agent/hearth/knowledge/watch"
)

// State is the lifecycle of an Index.
type State string

const (
	StateBuilding State = "building" // initial crawl or reconcile running; search sees a partial index
	StateReady    State = "ready"
	StateFailed   State = "failed" // the build failed; Status.Warning says why
	StateClosed   State = "closed"
)

// Watcher states.
const (
	WatchOff      = "off"
	WatchActive   = watch.Active
	WatchPolling  = watch.Polling
	WatchStarting = "starting"
)

// Status is a snapshot of the index for progress bars and diagnostics.
// While a build's walk runs (Counting), files are indexed as they are
// found and the totals grow with it (briefly, even on a big tree), so a
// bar of done over total would run backwards.
type Status struct {
	State      State  `json:"state"`
	Counting   bool   `json:"counting"`
	FilesDone  int    `json:"files_done"`
	FilesTotal int    `json:"files_total"`
	BytesDone  int64  `json:"bytes_done"`
	BytesTotal int64  `json:"bytes_total"`
	Files      int    `json:"files"` // files in the index
	Bytes      int64  `json:"bytes"` // their total size on disk
	Watcher    string `json:"watcher"`
	Warning    string `json:"warning,omitempty"`
}

// Index is an open workspace index. Its methods are safe for concurrent use.
type Index struct {
	opts    Options
	dir     string
	private bool // a private index (the shared one was locked): removed on Close
	sources []*source
	idx     bleve.Index

	// wmu orders writes so a stale read never lands after a fresh one:
	// bulk batches (each file once) share it, single-path writes (watcher,
	// Reindex) take it alone, and every batch re-checks the disk under it.
	wmu sync.RWMutex
	// unpersisted holds a channel per batch not yet known to be on disk:
	// batches are applied without waiting for the disk; Close waits.
	unpersisted []chan struct{}

	mu    sync.Mutex
	files map[string]fileStat // docID -> stamp of what is indexed
	// lowPaths holds the files' distinct lowercased paths, for path:
	// filters; kept in step with files.
	lowPaths  pathSet
	lastPaths pathMemo // the last path: filter's answer, until files change
	status    Status
	closed    bool

	emitMu   sync.Mutex
	lastEmit time.Time

	ready  chan struct{}
	cancel context.CancelFunc
	wg     sync.WaitGroup
	w      *watch.Watcher
}

// Open opens (or creates) the index of opts.Workspace and returns at
// once: loading, reconciling with the disk and the first build run in the
// background, while Search already answers from whatever is indexed.
func Open(ctx context.Context, opts Options) (*Index, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	sources, err := loadSources(opts)
	if err != nil {
		return nil, err
	}
	dir := indexDir(opts.CacheDir, sources[0].root)
	store, actual, note, err := openStore(dir, sources[0].root, opts.LazyMerge)
	if err != nil {
		return nil, err
	}
	x := &Index{
		opts: opts, dir: actual, private: actual != dir, sources: sources, idx: store,
		files: map[string]fileStat{}, ready: make(chan struct{}),
		status: Status{State: StateBuilding, Watcher: WatchOff, Warning: note},
	}
	if !opts.NoWatch {
		x.status.Watcher = WatchStarting
	}
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	x.cancel = cancel
	x.wg.Add(1)
	go func() {
		defer x.wg.Done()
		x.build(bg)
	}()
	return x, nil
}

// Wait blocks until the initial build has finished (or failed) or ctx ends.
func (x *Index) Wait(ctx context.Context) error {
	select {
	case <-x.ready:
	case <-ctx.Done():
		return ctx.Err()
	}
	if st := x.Status(); st.State == StateFailed {
		return fmt.Errorf("knowledge: build failed: %s", st.Warning)
	}
	return nil
}

// Status returns the current status.
func (x *Index) Status() Status {
	x.mu.Lock()
	defer x.mu.Unlock()
	s := x.status
	s.Files = len(x.files)
	for _, f := range x.files {
		s.Bytes += f.size
	}
	return s
}

// state is Status().State without totalling every file's size, for the
// checks on a query's path.
func (x *Index) state() State {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.status.State
}

// Dir is the directory holding the index files.
func (x *Index) Dir() string { return x.dir }

// update changes the status under the lock and notifies OnStatus;
// progress-only changes are coalesced. emitMu is held from the change to
// the notice, so notices come in the order of the changes: taken apart,
// the watcher's "watching" and the build's "ready" could cross, the older
// status arriving last.
func (x *Index) update(progress bool, f func(*Status)) {
	x.emitMu.Lock()
	defer x.emitMu.Unlock()
	x.mu.Lock()
	f(&x.status)
	s := x.status
	s.Files = len(x.files)
	x.mu.Unlock()
	if x.opts.OnStatus == nil {
		return
	}
	if progress && time.Since(x.lastEmit) < 100*time.Millisecond {
		return
	}
	x.lastEmit = time.Now()
	x.opts.OnStatus(s)
}

// Close stops the watcher and background work and closes the index.
func (x *Index) Close() error {
	x.mu.Lock()
	if x.closed {
		x.mu.Unlock()
		return nil
	}
	x.closed = true
	x.mu.Unlock()
	x.cancel()
	x.wg.Wait()
	if x.w != nil {
		x.w.Close()
	}
	x.wmu.Lock()
	x.mu.Lock()
	pending := x.unpersisted
	x.mu.Unlock()
	deadline := time.After(30 * time.Second)
	for _, ch := range pending {
		select {
		case <-ch:
		case <-deadline:
		}
	}
	err := x.idx.Close()
	x.wmu.Unlock()
	if x.private {
		_ = os.RemoveAll(x.dir)
	}
	x.update(false, func(s *Status) { s.State = StateClosed; s.Watcher = WatchOff })
	return err
}

// SharedDir is where the workspace's index is kept; ok is false while
// this Index is a private copy (another process held it).
func (x *Index) SharedDir() (dir string, ok bool) { return x.dir, !x.private }

// DirOf is where Open keeps the index opts describe, if no other process
// holds it. It reads nothing in the workspace, so asking it costs a
// one-shot nothing before Open.
func DirOf(opts Options) (string, error) {
	if err := opts.defaults(); err != nil {
		return "", err
	}
	root, err := filepath.Abs(opts.Workspace) // as loadSources names the workspace
	if err != nil {
		return "", fmt.Errorf("knowledge: %s: %w", opts.Workspace, err)
	}
	return indexDir(opts.CacheDir, root), nil
}

// IndexBytes is the size of the index on disk.
func (x *Index) IndexBytes() int64 {
	var n int64
	_ = filepath.Walk(x.dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}
