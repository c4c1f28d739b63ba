package knowledge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The stamps read back at open are those of the live documents only,
// each its file's latest, across segments where edits left older
// versions deleted.
func TestStampsAreReadFromLiveDocuments(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("f%02d.go", i)] = "alpha"
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx := context.Background()
	for round := range 3 { // each Reindex commits a segment of its own
		write(t, ws, "f03.go", fmt.Sprintf("alpha %d", round))
		write(t, ws, fmt.Sprintf("new%d.go", round), "beta")
		if err := os.Remove(filepath.Join(ws, fmt.Sprintf("f%02d.go", 10+round))); err != nil {
			t.Fatal(err)
		}
		err := x.Reindex(ctx, "f03.go", fmt.Sprintf("new%d.go", round), fmt.Sprintf("f%02d.go", 10+round))
		if err != nil {
			t.Fatal(err)
		}
	}
	stamps, err := loadStamps(x.idx)
	if err != nil {
		t.Fatal(err)
	}
	if len(stamps) != 30 { // 30 - 3 removed + 3 new
		t.Errorf("%d stamps, want 30: %v", len(stamps), stamps)
	}
	for _, gone := range []string{"f10.go", "f11.go", "f12.go"} {
		if _, ok := stamps[gone]; ok {
			t.Errorf("%s was removed but has a stamp", gone)
		}
	}
	for _, id := range []string{"f03.go", "f00.go", "new2.go"} {
		info, err := os.Stat(filepath.Join(ws, id))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := stamps[id], (fileStat{size: info.Size(), mtime: info.ModTime().UnixNano()}); got != want {
			t.Errorf("%s: stamp %+v, want %+v", id, got, want)
		}
	}
}

func TestParseStamp(t *testing.T) {
	tests := []struct {
		in   string
		want fileStat
		ok   bool
	}{
		{"12 345 t", fileStat{size: 12, mtime: 345}, true},
		{"0 -1 b", fileStat{size: 0, mtime: -1}, true},
		{"12 345", fileStat{}, false},
		{"x 345 t", fileStat{}, false},
		{"", fileStat{}, false},
	}
	for _, tt := range tests {
		got, err := parseStamp(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseStamp(%q) = %+v, %v; want %+v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
