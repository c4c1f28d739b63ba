package media

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestHundredMegabytePNGRefusedUnread: a PNG past the input limit is
// refused from its size, so reading it costs neither time nor memory.
func TestHundredMegabytePNGRefusedUnread(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.png")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(bomb(4000, 4000)); err != nil {
		t.Fatal(err)
	}
	// A sparse file: the size is real, the disk holds almost nothing.
	if err := f.Truncate(MaxInputBytes + 1<<20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadFile(path, "")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("refusing the file allocated %d bytes; it should not read it", grew)
	}
}

func TestReadFileKeepsFilesUnderTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.png")
	want := pngOf(t, 8, 8, true)
	if err := os.WriteFile(path, want, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path, "")
	if err != nil || string(got) != string(want) {
		t.Fatalf("ReadFile = %d bytes, %v; want the file's %d bytes", len(got), err, len(want))
	}
}
