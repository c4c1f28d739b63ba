package settings

import "time"

// Diagnostics say whether edits wait for the language servers' verdict
// and how long.
type Diagnostics struct {
	// Off runs no language server.
	Off bool `json:"off,omitempty"`
	// Wait is how long an edit waits for its file's diagnostics, as Go
	// writes a duration ("1.5s"); "" or one that does not parse is 1.5 s.
	Wait string `json:"wait,omitempty"`
}

// DefaultDiagnosticsWait is how long an edit waits for its diagnostics
// unless the settings say otherwise.
const DefaultDiagnosticsWait = 1500 * time.Millisecond

// WaitDuration is Wait parsed and kept within the bounds below.
func (d Diagnostics) WaitDuration() time.Duration {
	w, err := time.ParseDuration(d.Wait)
	if err != nil || w <= 0 {
		return DefaultDiagnosticsWait
	}
	return min(max(w, 100*time.Millisecond), 30*time.Second)
}
