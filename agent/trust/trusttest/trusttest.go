// Package trusttest sets up what a folder brings, for the tests of the
// packages that ask agent/trust: files in a workspace or a home, and a
// trust store that trusts the workspace.
package trusttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/trust"
)

// Files writes each body at its '/'-separated path under dir, making the
// folders on the way.
func Files(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Trusted is a trust store of its own that trusts ws for this run.
func Trusted(t testing.TB, ws string) *trust.Store {
	t.Helper()
	store := trust.NewStore(t.TempDir())
	if err := store.TrustForRun(ws); err != nil {
		t.Fatal(err)
	}
	return store
}

// Open reads and judges ws as the features' callers do.
func Open(t testing.TB, ws string, j trust.Judge) *trust.Effective {
	t.Helper()
	e, err := trust.Open(ws, j)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
