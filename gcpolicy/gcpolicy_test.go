package gcpolicy

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// testBuildGCPercent is the build target these tests set, as a program
// would with SetBuildGCPercent.
const testBuildGCPercent = 75

// withBuildGCPercent sets the build target for one test and restores
// the package's default after it.
func withBuildGCPercent(t *testing.T, pct int) {
	t.Helper()
	SetBuildGCPercent(pct)
	t.Cleanup(func() { SetBuildGCPercent(0) })
}

func TestBuildGCTargetIsRestoredOnceByTheLastBuild(t *testing.T) {
	withBuildGCPercent(t, testBuildGCPercent)
	tests := []struct {
		name           string
		before, during int
	}{
		{"default target is lowered", 100, testBuildGCPercent},
		{"a lower target is kept", 20, 20},
		{"a disabled collector stays off", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := debug.SetGCPercent(tt.before)
			defer debug.SetGCPercent(orig)
			first, second := LowerGCForBuild(), LowerGCForBuild()
			if got := debug.SetGCPercent(tt.during); got != tt.during {
				t.Fatalf("during two builds GOGC = %d, want %d", got, tt.during)
			}
			first()
			first() // a second call must not end the other build's setting
			if got := debug.SetGCPercent(tt.during); got != tt.during {
				t.Fatalf("with one build left GOGC = %d, want %d", got, tt.during)
			}
			second()
			if got := debug.SetGCPercent(tt.before); got != tt.before {
				t.Fatalf("after both builds GOGC = %d, want %d restored", got, tt.before)
			}
		})
	}
}

// With no target set by the program a build leaves the collector alone.
func TestBuildGCUnsetLeavesTheCollectorAlone(t *testing.T) {
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	restore := LowerGCForBuild()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("during a build with no target GOGC = %d, want 100", got)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("after it GOGC = %d, want 100", got)
	}
}

func TestHeapFloorPercent(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		base, want int
		live       uint64
	}{
		{100, 1066, 3 * mb},  // a small project's index: collect 32 MB on, not 3
		{100, 213, 15 * mb},  // the 1 GB tier's live heap
		{100, 100, 64 * mb},  // past the floor: Go's own rule
		{300, 300, 15 * mb},  // a higher base stays
		{100, 2000, 1 << 10}, // a nearly empty heap: capped
		{100, 100, 0},
		{-1, -1, 3 * mb}, // off stays off
	}
	for _, tt := range tests {
		if got := heapFloorPercent(tt.base, tt.live, 32*mb); got != tt.want {
			t.Errorf("heapFloorPercent(%d, %d) = %d, want %d", tt.base, tt.live, got, tt.want)
		}
	}
}

// The floor raises GOGC after a collection, leaves a build's target
// alone until the build ends, and stop restores the percent.
func TestKeepHeapFloor(t *testing.T) {
	t.Setenv("GOGC", "")
	withBuildGCPercent(t, testBuildGCPercent)
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	stop := KeepHeapFloor(256 << 20) // far above this test's live heap
	defer stop()
	var raised int
	eventually.True(t, "the floor to raise GOGC above 100", func() bool {
		runtime.GC()
		raised = gcPercent()
		return raised > 100
	})
	// Started during a build, a second floor takes the percent from
	// before the build, not the build's.
	during := LowerGCForBuild()
	stopSecond := KeepHeapFloor(256 << 20)
	during()
	stopSecond()
	if p := gcPercent(); p != raised && p <= 100 {
		t.Fatalf("a floor started during a build restored GOGC %d", p)
	}
	restore := LowerGCForBuild()
	runtime.GC()
	runtime.GC()
	time.Sleep(20 * time.Millisecond) // nothing to wait for: the floor's finalizer gets its turn to raise GOGC, were it to
	if p := gcPercent(); p != testBuildGCPercent {
		t.Errorf("during a build GOGC = %d, want %d", p, testBuildGCPercent)
	}
	restore()
	if p := gcPercent(); p <= 100 {
		t.Errorf("after the build GOGC = %d, want the floor's (%d before it)", p, raised)
	}
	stop()
	if p := gcPercent(); p != 100 {
		t.Errorf("after stop GOGC = %d, want 100", p)
	}
}

func gcPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}
