package knowledge

import (
	"runtime/debug"
	"testing"
)

func TestBuildGCTargetIsRestoredOnceByTheLastBuild(t *testing.T) {
	tests := []struct {
		name           string
		before, during int
	}{
		{"default target is lowered", 100, buildGCPercent},
		{"a lower target is kept", 20, 20},
		{"a disabled collector stays off", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := debug.SetGCPercent(tt.before)
			defer debug.SetGCPercent(orig)
			first, second := lowerGCForBuild(), lowerGCForBuild()
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
