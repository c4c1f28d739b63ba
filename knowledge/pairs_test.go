package knowledge

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A candidate whose sketch lacks the phrase's pair is dropped without its
// file being read: after the files change on disk unindexed (no watcher),
// a file that now holds the phrase stays out, as its sketch is of the
// text indexed, while one too big for a sketch is read and found.
func TestPhraseCandidatesRuledOutUnread(t *testing.T) {
	ws := t.TempDir()
	// Both words and the phrase's grams ("60 ne"), but not side by side.
	apart := "setNode160 newItem8\nnewValue568 readNode659\n"
	big := apart + strings.Repeat("w ", analysis.MaxPairs+2)
	files := map[string]string{"hit.txt": "x setNode160 newValue568 y\n", "big.txt": big}
	for i := range 20 {
		files[fmt.Sprintf("apart%02d.txt", i)] = apart
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	const q = `"setNode160 newValue568"`
	if got := hitPaths(search(t, x, q)); strings.Join(got, " ") != "hit.txt" {
		t.Fatalf("before the change: %v, want [hit.txt]", got)
	}
	adjacent := "setNode160 newValue568\n" + apart
	for _, rel := range []string{"apart03.txt", "big.txt"} {
		if err := os.WriteFile(filepath.Join(ws, rel), []byte(adjacent), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := search(t, x, q)
	if got := strings.Join(hitPaths(res), " "); got != "big.txt hit.txt" && got != "hit.txt big.txt" {
		t.Errorf("after the change: %v, want big.txt (read) and hit.txt, not apart03.txt (ruled out unread)", hitPaths(res))
	}
	if res.Total != 2 || res.Approx {
		t.Errorf("total %d (approx %v), want exactly 2", res.Total, res.Approx)
	}
}
