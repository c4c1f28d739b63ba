package knowledge

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// acquired reports whether acquire(heavy) returns within wait; when it
// does not, the waiting acquire is left to finish later.
func acquired(w writeSlots, heavy bool, wait time.Duration) (bool, chan struct{}) {
	done := make(chan struct{})
	go func() { w.acquire(heavy); close(done) }()
	select {
	case <-done:
		return true, done
	case <-time.After(wait):
		return false, done
	}
}

func TestWriteSlots(t *testing.T) {
	tests := []struct {
		name    string
		holding []bool // batches being written, true for heavy
		next    bool
		want    bool
	}{
		{"first batch", nil, false, true},
		{"first heavy", nil, true, true},
		{"ordinary beside ordinary", []bool{false}, false, true},
		{"ordinary beside heavy", []bool{true}, false, false},
		{"heavy beside ordinary", []bool{false}, true, false},
		{"heavy beside heavy", []bool{true}, true, false},
		{"third batch", []bool{false, false}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWriteSlots(2)
			for _, h := range tt.holding {
				w.acquire(h)
			}
			wait := 50 * time.Millisecond // to see it blocks
			if tt.want {
				wait = 5 * time.Second
			}
			got, done := acquired(w, tt.next, wait)
			if got != tt.want {
				t.Fatalf("acquire(%v) beside %v: got %v, want %v", tt.next, tt.holding, got, tt.want)
			}
			if !got {
				// Released, the first batch makes room for the waiting one.
				w.release(tt.holding[0])
				select {
				case <-done:
				case <-time.After(5 * time.Second):
					t.Fatal("acquire still waits after a release")
				}
			}
		})
	}
}

// The program's build hook runs once around each build and has ended
// when the build is ready.
func TestOnBuildRunsAroundTheBuild(t *testing.T) {
	var started, ended atomic.Int32
	OnBuild(func() func() {
		started.Add(1)
		return func() { ended.Add(1) }
	})
	t.Cleanup(func() { OnBuild(nil) })
	openFiles(t, map[string]string{"a.go": "package a\n"})
	if s, e := started.Load(), ended.Load(); s != 1 || e != 1 {
		t.Fatalf("hook started %d and ended %d times, want once each", s, e)
	}
}

// A reopen that finds the tree as indexed runs no build, so the hook does
// not run; one that finds a changed file does.
func TestOnBuildWaitsForAChange(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	write(t, ws, "a.go", "package a\n")
	reopen := func() int32 {
		var started atomic.Int32
		OnBuild(func() func() { started.Add(1); return func() {} })
		defer OnBuild(nil)
		x, err := Open(context.Background(), Options{Workspace: ws, CacheDir: cache, NoWatch: true})
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		if err := x.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		return started.Load()
	}
	if n := reopen(); n != 1 {
		t.Fatalf("first build: hook ran %d times, want 1", n)
	}
	if n := reopen(); n != 0 {
		t.Errorf("reopen of an unchanged tree: hook ran %d times, want 0", n)
	}
	write(t, ws, "b.go", "package b\n")
	if n := reopen(); n != 1 {
		t.Errorf("reopen after a new file: hook ran %d times, want 1", n)
	}
}
