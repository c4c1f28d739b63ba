package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce tuning: a path is handled after quiet for debounceQuiet, or
// after debounceCap even while events keep coming. More than stormPaths
// distinct pending paths (git checkout, npm install) turn into one rescan
// once events settle.
const (
	debounceQuiet = 100 * time.Millisecond
	debounceCap   = 1500 * time.Millisecond
	stormPaths    = 1000
	watchTick     = 25 * time.Millisecond
)

type dirRef struct {
	src *source
	rel string
}

type pendingPath struct {
	src         *source
	rel         string
	first, last time.Time
}

// watcher turns fsnotify events into index updates. Events are only
// hints: every path is checked on disk before anything is (re)indexed.
// One goroutine reads events, another does the work, so a slow index
// write never backs up the kernel queue.
type watcher struct {
	x  *Index
	fw *fsnotify.Watcher

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

// startWatcher creates the watcher before the initial walk, which adds a
// watch to each directory before listing it.
func (x *Index) startWatcher(ctx context.Context) {
	fw, err := fsnotify.NewBufferedWatcher(4096)
	w := &watcher{x: x, fw: fw, dirs: map[string]dirRef{}, pending: map[string]*pendingPath{}, done: make(chan struct{})}
	x.mu.Lock()
	x.w = w
	x.mu.Unlock()
	if err != nil {
		w.fallBack(fmt.Sprintf("file watching unavailable (%v); polling every %s", err, x.opts.PollInterval))
		return
	}
	x.update(false, func(s *Status) { s.Watcher = WatchActive })
	w.wg.Add(2)
	go w.readLoop(ctx)
	go w.workLoop(ctx)
}

// watchDir adds a watch; when the OS limit is hit it says so and switches
// to polling.
func (w *watcher) watchDir(src *source, rel, abs string) {
	w.mu.Lock()
	if w.polling || w.fw == nil {
		w.mu.Unlock()
		return
	}
	if _, ok := w.dirs[abs]; ok {
		w.mu.Unlock()
		return
	}
	w.dirs[abs] = dirRef{src: src, rel: rel}
	n := len(w.dirs)
	w.mu.Unlock()
	err := addWatch(w.fw, abs)
	if err == nil {
		return
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
		w.fallBack(fmt.Sprintf(
			"the system's file-watch limit was reached after %d folders; polling every %s instead "+
				"(raise fs.inotify.max_user_watches to watch everything)", n, w.x.opts.PollInterval))
		return
	}
	w.mu.Lock()
	delete(w.dirs, abs) // vanished or unreadable: nothing to watch
	w.mu.Unlock()
}

func (w *watcher) close() {
	close(w.done)
	if w.fw != nil {
		_ = w.fw.Close()
	}
	w.wg.Wait()
}

func (w *watcher) readLoop(ctx context.Context) {
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
func (w *watcher) note(name string) {
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
	w.pending[name] = &pendingPath{src: ref.src, rel: rel, first: now, last: now}
	if len(w.pending) > stormPaths {
		w.startStorm(now)
	}
}

func (w *watcher) startStorm(now time.Time) {
	if !w.storm {
		w.storm, w.stormFirst = true, now
	}
	w.lastEvent = now
	clear(w.pending)
}

func (w *watcher) workLoop(ctx context.Context) {
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
				_ = w.x.reconcile(ctx, nil, false)
			}
			if len(due) > 0 {
				w.apply(ctx, due)
			}
		}
	}
}

// takeDue removes and returns the paths whose debounce has expired, or
// reports that a storm has settled and needs a rescan.
func (w *watcher) takeDue(now time.Time) (due []*pendingPath, rescan bool) {
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

// apply brings each path in line with the disk.
func (w *watcher) apply(ctx context.Context, due []*pendingPath) {
	var files []diskFile
	var gone []string
	var scopes []scope
	for _, p := range due {
		abs := filepath.Join(p.src.root, filepath.FromSlash(p.rel))
		base := path.Base(p.rel)
		if p.src.matcher.IsRuleFile(base) {
			dir := path.Dir(p.rel)
			if dir == "." {
				dir = ""
			}
			p.src.matcher.Forget(dir)
			scopes = append(scopes, scope{src: p.src, rel: dir})
			continue
		}
		info, err := os.Lstat(abs)
		switch {
		case err != nil:
			gone = append(gone, w.forget(p.src, p.rel, abs)...)
		case info.IsDir(): // a symlinked directory is never descended (walker)
			if !p.src.matcher.Ignored(p.rel, true) {
				// It may be a new directory at an old path (removed and
				// recreated): drop what we knew so the walk watches it anew.
				w.unwatchUnder(abs)
				scopes = append(scopes, scope{src: p.src, rel: p.rel})
			}
		default:
			if f, ok := statFile(p.src, p.rel); ok {
				w.x.mu.Lock()
				old, had := w.x.files[f.id()]
				w.x.mu.Unlock()
				if !had || old != f.fileStat {
					files = append(files, f)
				}
			} else {
				gone = append(gone, w.forget(p.src, p.rel, abs)...)
			}
		}
	}
	if len(gone) > 0 {
		_ = w.x.commit(nil, gone)
	}
	if len(files) > 0 {
		_ = w.x.indexFiles(ctx, files, false)
	}
	if len(scopes) > 0 {
		_ = w.x.reconcile(ctx, scopes, false)
	}
}

// forget returns the indexed ids at or below rel (a removed file or
// directory) and drops watches below it.
func (w *watcher) forget(src *source, rel, abs string) []string {
	w.unwatchUnder(abs)
	return w.x.idsUnder(src, rel)
}

// unwatchUnder forgets the watched directories at or below abs.
func (w *watcher) unwatchUnder(abs string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for d := range w.dirs {
		if d == abs || strings.HasPrefix(d, abs+string(filepath.Separator)) {
			delete(w.dirs, d)
		}
	}
}
