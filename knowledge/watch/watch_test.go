package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// fakeIndex records what the watcher asks of it.
type fakeIndex struct {
	mu        sync.Mutex
	state     string
	warning   string
	synced    chan []Path
	rescanned chan struct{}
}

func newFakeIndex() *fakeIndex {
	return &fakeIndex{synced: make(chan []Path, 64), rescanned: make(chan struct{}, 1)}
}

func (f *fakeIndex) Sync(_ context.Context, paths []Path, _ func(string)) { f.synced <- paths }

func (f *fakeIndex) Rescan(context.Context) {
	select {
	case f.rescanned <- struct{}{}:
	default:
	}
}

func (f *fakeIndex) Watching(state, warning string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.state = state
	if warning != "" {
		f.warning = warning
	}
}

func (f *fakeIndex) status() (string, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.state, f.warning
}

// A file written in a watched folder reaches the index as its path in
// the index's tree, once its events settle.
func TestChangesReachSync(t *testing.T) {
	dir := t.TempDir()
	x := newFakeIndex()
	w := New(x, time.Minute)
	w.Start(context.Background())
	defer w.Close()
	if state, _ := x.status(); state != Active {
		t.Fatalf("state %q, want %q", state, Active)
	}
	w.Watch(3, "sub", dir)
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := Path{Tree: 3, Rel: "sub/a.txt"}
	deadline := time.After(eventually.Deadline)
	for {
		select {
		case paths := <-x.synced:
			if slices.Contains(paths, want) {
				return
			}
		case <-deadline:
			t.Fatalf("%+v never synced", want)
		}
	}
}

// When the system refuses a watch for its limit, the watcher says so
// and rescans the index every poll interval instead.
func TestWatchLimitFallsBackToPolling(t *testing.T) {
	old := addWatch
	addWatch = func(fw *fsnotify.Watcher, dir string) error {
		return fmt.Errorf("inotify_add_watch %s: %w", dir, syscall.ENOSPC)
	}
	defer func() { addWatch = old }()
	x := newFakeIndex()
	w := New(x, 10*time.Millisecond)
	w.Start(context.Background())
	defer w.Close()
	w.Watch(0, "", t.TempDir())
	if state, warning := x.status(); state != Polling || !strings.Contains(warning, "limit") {
		t.Fatalf("state %q, warning %q: want polling with a warning", state, warning)
	}
	for range 2 {
		select {
		case <-x.rescanned:
		case <-time.After(5 * time.Second):
			t.Fatal("no rescan while polling")
		}
	}
}
