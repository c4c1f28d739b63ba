package knowledge

import (
	"runtime/debug"
	"sync"
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
