package app

import "testing"

// Settings → About shows the version the build was given.
func TestVersionIsTheBuilds(t *testing.T) {
	for _, v := range []string{"0.4.1", "0.1.0-dev"} {
		if got := New(Deps{Version: v}).h.Shell.Version(); got != v {
			t.Errorf("Version() = %q, want %q", got, v)
		}
	}
}
