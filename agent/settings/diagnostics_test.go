package settings

import (
	"testing"
	"time"
)

func TestDiagnosticsWait(t *testing.T) {
	for _, c := range []struct {
		wait string
		want time.Duration
	}{
		{"", DefaultDiagnosticsWait},
		{"soon", DefaultDiagnosticsWait},
		{"-1s", DefaultDiagnosticsWait},
		{"3s", 3 * time.Second},
		{"10ms", 100 * time.Millisecond},
		{"5m", 30 * time.Second},
	} {
		if got := (Diagnostics{Wait: c.wait}).WaitDuration(); got != c.want {
			t.Errorf("wait %q: got %s, want %s", c.wait, got, c.want)
		}
	}
}
