package redact

import (
	"strings"
	"sync"
)

// The process-wide set of secrets every Redactor removes. Keys are
// registered where Hearth learns them (the keychain, the environment,
// a custom endpoint's key, later MCP env and header values and serve
// tokens), so no output path has to be told about each one.
var registry struct {
	mu     sync.RWMutex
	gen    uint64
	values []string // longest first
}

// Register adds secrets that every Redactor and Stream removes from now on,
// wherever they appear verbatim. Values shorter than MinValueLen are
// ignored; registering a value again does nothing.
func Register(values ...string) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	next := normalize(registry.values, values)
	if len(next) != len(registry.values) {
		registry.values = next
		registry.gen++
	}
}

// registered returns the registered values (not to be modified) and the
// generation they belong to.
func registered() ([]string, uint64) {
	registry.mu.RLock()
	defer registry.mu.RUnlock()
	return registry.values, registry.gen
}

// Holds reports whether s carries a registered secret, so a caller can
// refuse to hand it on rather than redact it after.
func Holds(s string) bool {
	values, _ := registered()
	for _, v := range values {
		if strings.Contains(s, v) {
			return true
		}
	}
	return false
}
