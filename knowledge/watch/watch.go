// Package watch keeps an index fresh from the file system's events: it
// watches each folder the index's walk lists, settles each changed path's
// events, turns a storm of them (a checkout, an install) into one rescan,
// and polls when the system runs out of watches. It knows the index only
// through Index, the three things it asks of it.
package watch

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce tuning: a path is handled after quiet for debounceQuiet, or
// after debounceCap even while events keep coming. More than StormPaths
// distinct pending paths (git checkout, npm install) turn into one rescan
// once events settle.
const (
	debounceQuiet = 100 * time.Millisecond
	debounceCap   = 1500 * time.Millisecond
	StormPaths    = 1000
	watchTick     = 25 * time.Millisecond
)

// How the watcher watches, as it reports to Index.Watching.
const (
	Active  = "watching"
	Polling = "polling"
)

// Index is what the watcher asks of the index it keeps fresh.
type Index interface {
	// Sync brings the paths in line with the disk. Before it walks a
	// path again it calls forget with its absolute path, so the watches
	// at and below it are dropped and the walk adds them anew.
	Sync(ctx context.Context, paths []Path, forget func(abs string))
	// Rescan walks every tree again, as a Sync of each whole tree.
	Rescan(ctx context.Context)
	// Watching reports how the watcher watches (Active or Polling) and,
	// when it changes for the worse, why.
	Watching(state, warning string)
}

// Path is a path where something changed: Tree is the index's number for
// the tree it lies in (as it gave Watch), Rel its slash-separated path
// there.
type Path struct {
	Tree int
	Rel  string
}

type dirRef struct {
	tree int
	rel  string
}

type pendingPath struct {
	Path
	first, last time.Time
}

// Watcher turns fsnotify events into index updates. Events are only
// hints: the index checks every path on disk before it (re)indexes
// anything. One goroutine reads events, another does the work, so a slow
// index write never backs up the kernel queue.
type Watcher struct {
	x            Index
	pollInterval time.Duration
	fw           *fsnotify.Watcher

	mu         sync.Mutex
	dirs       map[string]dirRef // watched dir (absolute) -> where it is
	pending    map[string]*pendingPath
	storm      bool // rescan everything once events settle
	stormFirst time.Time
	lastEvent  time.Time
	polling    bool
	done       chan struct{}
	wg         sync.WaitGroup
}

// addWatch is swapped by tests to simulate the OS watch limit.
var addWatch = func(fw *fsnotify.Watcher, dir string) error { return fw.Add(dir) }

// New makes the watcher of x, which polls every pollInterval if it
// cannot watch. Start it before the index's first walk, which calls
// Watch on each folder before listing it.
func New(x Index, pollInterval time.Duration) *Watcher {
	return &Watcher{x: x, pollInterval: pollInterval, dirs: map[string]dirRef{}, pending: map[string]*pendingPath{}, done: make(chan struct{})}
}

// Start starts watching, or polling when the system offers no watcher,
// until ctx ends or Close.
func (w *Watcher) Start(ctx context.Context) {
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		w.fallBack(fmt.Sprintf("file watching unavailable (%v); polling every %s", err, w.pollInterval))
		return
	}
	w.fw = fw
	w.x.Watching(Active, "")
	w.wg.Add(2)
	go w.readLoop(ctx)
	go w.workLoop(ctx)
}

// Watch adds a watch on the folder abs, rel in the index's tree; when
// the OS limit is hit it says so and switches to polling.
func (w *Watcher) Watch(tree int, rel, abs string) {
	w.mu.Lock()
	if w.polling || w.fw == nil {
		w.mu.Unlock()
		return
	}
	if _, ok := w.dirs[abs]; ok {
		w.mu.Unlock()
		return
	}
	w.dirs[abs] = dirRef{tree: tree, rel: rel}
	n := len(w.dirs)
	w.mu.Unlock()
	err := addWatch(w.fw, abs)
	if err == nil {
		return
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
		w.fallBack(fmt.Sprintf(
			"the system's file-watch limit was reached after %d folders; polling every %s instead "+
				"(raise fs.inotify.max_user_watches to watch everything)", n, w.pollInterval))
		return
	}
	w.mu.Lock()
	delete(w.dirs, abs) // vanished or unreadable: nothing to watch
	w.mu.Unlock()
}

// Close stops watching and waits for the work under way.
func (w *Watcher) Close() {
	close(w.done)
	if w.fw != nil {
		_ = w.fw.Close()
	}
	w.wg.Wait()
}

func (w *Watcher) readLoop(ctx context.Context) {
	defer w.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.done:
			return
		case ev, ok := <-w.fw.Events:
			if !ok {
				return
			}
			w.note(ev.Name)
		case err, ok := <-w.fw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				w.mu.Lock()
				w.startStorm(time.Now())
				w.mu.Unlock()
			}
		}
	}
}

// note records an event for its path.
func (w *Watcher) note(name string) {
	now := time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lastEvent = now
	if w.storm {
		return
	}
	ref, ok := w.dirs[filepath.Dir(name)]
	if !ok {
		return
	}
	rel := path.Join(ref.rel, filepath.Base(name))
	if p, ok := w.pending[name]; ok {
		p.last = now
		return
	}
	w.pending[name] = &pendingPath{Path: Path{Tree: ref.tree, Rel: rel}, first: now, last: now}
	if len(w.pending) > StormPaths {
		w.startStorm(now)
	}
}

func (w *Watcher) startStorm(now time.Time) {
	if !w.storm {
		w.storm, w.stormFirst = true, now
	}
	w.lastEvent = now
	clear(w.pending)
}

func (w *Watcher) workLoop(ctx context.Context) {
	defer w.wg.Done()
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.done:
			return
		case now := <-t.C:
			due, rescan := w.takeDue(now)
			if rescan {
				// Directories may have been removed and recreated unseen:
				// forget them all so the walk watches each one again.
				w.mu.Lock()
				clear(w.dirs)
				w.mu.Unlock()
				w.x.Rescan(ctx)
			}
			if len(due) > 0 {
				paths := make([]Path, len(due))
				for i, p := range due {
					paths[i] = p.Path
				}
				w.x.Sync(ctx, paths, w.unwatchUnder)
			}
		}
	}
}

// takeDue removes and returns the paths whose debounce has expired, or
// reports that a storm has settled and needs a rescan.
func (w *Watcher) takeDue(now time.Time) (due []*pendingPath, rescan bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.storm {
		if now.Sub(w.lastEvent) >= 2*debounceQuiet || now.Sub(w.stormFirst) >= 2*debounceCap {
			w.storm = false
			return nil, true
		}
		return nil, false
	}
	for name, p := range w.pending {
		if now.Sub(p.last) >= debounceQuiet || now.Sub(p.first) >= debounceCap {
			due = append(due, p)
			delete(w.pending, name)
		}
	}
	return due, false
}

// unwatchUnder forgets the watched directories at or below abs.
func (w *Watcher) unwatchUnder(abs string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for d := range w.dirs {
		if d == abs || strings.HasPrefix(d, abs+string(filepath.Separator)) {
			delete(w.dirs, d)
		}
	}
}
