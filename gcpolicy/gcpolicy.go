// Package gcpolicy is the program's choice of how the Go collector runs:
// a lower target while a knowledge index builds (main hands
// LowerGCForBuild to knowledge.OnBuild) and, in the desktop, a heap floor.
// The collector is the process's, so its settings are made where the
// process is composed, not in the library whose work they serve.
package gcpolicy

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// buildGC is shared by the build target and the floor, so that neither
// undoes the other's percent.
var buildGC struct {
	sync.Mutex
	percent int // the target during builds; 0 leaves the collector alone
	builds  int
	saved   int
}

// SetBuildGCPercent makes every index build that starts afterwards (each
// calls LowerGCForBuild) run the collector at percent, as
// debug.SetGCPercent, until it ends, since a build's garbage is most of
// the process's allocation; 0, the default, leaves the collector alone.
// A lower target, or a disabled collector, is kept.
func SetBuildGCPercent(percent int) {
	buildGC.Lock()
	defer buildGC.Unlock()
	buildGC.percent = max(percent, 0)
}

// LowerGCForBuild, called as an index build starts, sets the build's
// collector target (never raising a lower one, never turning a disabled
// collector on) until the returned func is called; overlapping builds
// restore the original once, when the last one ends.
func LowerGCForBuild() (restore func()) {
	buildGC.Lock()
	defer buildGC.Unlock()
	if buildGC.percent == 0 {
		return func() {}
	}
	if buildGC.builds == 0 {
		buildGC.saved = debug.SetGCPercent(buildGC.percent)
		if buildGC.saved < buildGC.percent { // lower, or off (-1): keep it
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
// build runs (LowerGCForBuild rules then), by raising GOGC after each
// collection; never below the percent the process had when it started
// (Go's 100 unless set), and not at all when GOGC is set in the
// environment. A small index leaves little live, and collecting that
// often slows the queries each collection overlaps. The soft memory
// limit still bounds the heap. It is the program's process-wide choice,
// made once; stop ends it and restores the percent.
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
