package knowledge

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// buildGCPercent is the collector's target while any index builds. A
// build's garbage (analysed batches, merge buffers) is most of the
// process's allocation: at Go's default of 100 the heap grew to twice a
// ~140 MB live set, which with the mapped index put a 1 GB tree's build
// at 445 MB RSS; at 50 it measured 347 MB for 7% more CPU. Since merges
// map less (64 KB writes, store.go) 75 fits: alternated pairs against
// 50 took 9% less CPU on the Go tree (four pairs, ~20 MB more peak) and
// 6–11% less on the 1 GB tier (two pairs; peak 353–363 MB, 309–320 at 50).
const buildGCPercent = 75

var buildGC struct {
	sync.Mutex
	builds int
	saved  int
}

// lowerGCForBuild sets the build's collector target (never raising a
// lower one, never turning a disabled collector on) until the returned
// func is called; overlapping builds restore the original once, when
// the last one ends.
func lowerGCForBuild() (restore func()) {
	buildGC.Lock()
	defer buildGC.Unlock()
	if buildGC.builds == 0 {
		buildGC.saved = debug.SetGCPercent(buildGCPercent)
		if buildGC.saved < buildGCPercent { // lower, or off (-1): keep it
			debug.SetGCPercent(buildGC.saved)
		}
	}
	buildGC.builds++
	var once sync.Once
	return func() {
		once.Do(func() {
			buildGC.Lock()
			defer buildGC.Unlock()
			if buildGC.builds--; buildGC.builds == 0 {
				debug.SetGCPercent(buildGC.saved)
			}
		})
	}
}

// KeepHeapFloor keeps the collector from running before the heap has
// grown by floor bytes past what the last collection left live, while no
// build runs (lowerGCForBuild rules then), by raising GOGC after each
// collection; never below the percent the process had when it started
// (Go's 100 unless set), and not at all when GOGC is set in the
// environment. A small project's index leaves a few MB live, and at
// GOGC=100 a collection then ran every few queries, each slowing the
// queries it overlapped: the tail of the latencies. The soft memory
// limit still bounds the heap. It is the app's process-wide choice, made
// once; stop ends it and restores the percent.
func KeepHeapFloor(floor uint64) (stop func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	buildGC.Lock()
	base := buildGC.saved // a build running now has lowered the percent
	if buildGC.builds == 0 {
		base = debug.SetGCPercent(100)
		debug.SetGCPercent(base)
	}
	buildGC.Unlock()
	var stopped atomic.Bool
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// A finalizer runs after the collection that found its object
		// unreachable: one per cycle, re-armed each time. The pointer
		// keeps the object out of the tiny allocator, whose blocks
		// free several objects at once.
		s := &heapSentinel{}
		runtime.SetFinalizer(s, func(*heapSentinel) {
			if stopped.Load() {
				return
			}
			metrics.Read(sample)
			setHeapFloorPercent(heapFloorPercent(base, sample[0].Value.Uint64(), floor))
			arm()
		})
	}
	arm()
	return func() {
		if stopped.CompareAndSwap(false, true) {
			setHeapFloorPercent(base)
		}
	}
}

type heapSentinel struct{ _ *byte }

// heapFloorPercent is the GOGC that puts the next collection floor bytes
// past live, or base when that is higher (a big live heap); at most
// maxFloorPercent.
func heapFloorPercent(base int, live, floor uint64) int {
	if base < 0 || live == 0 {
		return base
	}
	return max(base, min(maxFloorPercent, int(floor*100/live)))
}

// maxFloorPercent bounds the percent for a nearly empty heap.
const maxFloorPercent = 2000

// setHeapFloorPercent sets GOGC, or, while a build runs, the percent the
// last build restores.
func setHeapFloorPercent(pct int) {
	buildGC.Lock()
	defer buildGC.Unlock()
	if buildGC.builds > 0 {
		buildGC.saved = pct
		return
	}
	debug.SetGCPercent(pct)
}
