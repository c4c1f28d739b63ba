//go:build !windows

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestSearchDoesNotFollowLinksOut: `hearth index` then `hearth search`
// finds nothing behind a symlinked folder or file leading out of the
// workspace.
func TestSearchDoesNotFollowLinksOut(t *testing.T) {
	outside := writeKnowledgeWS(t, map[string]string{"dir/private.txt": "zanzibarquux\n", "secret.txt": "zanzibarquux\n"})
	ws := writeKnowledgeWS(t, map[string]string{"own.txt": "mangosteen\n"})
	for link, target := range map[string]string{"link": filepath.Join(outside, "dir"), "key.txt": filepath.Join(outside, "secret.txt")} {
		if err := os.Symlink(target, filepath.Join(ws, link)); err != nil {
			t.Fatal(err)
		}
	}
	cache := t.TempDir()
	if code, _, errs := runKnowledgeCLI(t, "index", "--cache", cache, ws); code != ExitOK {
		t.Fatalf("index: exit %d: %s", code, errs)
	}
	for word, want := range map[string]int{"zanzibarquux": 0, "mangosteen": 1} {
		code, out, errs := runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", cache, "--json", word)
		var got searchOutput
		if err := json.Unmarshal([]byte(out), &got); code != ExitOK || err != nil {
			t.Fatalf("search %s: exit %d, %v: %s", word, code, err, errs)
		}
		if got.Total != want {
			t.Errorf("search %s: %+v, want %d hits", word, got, want)
		}
	}
}
