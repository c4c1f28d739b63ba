package worktree

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// copyTree's workers copy every file, byte for byte and mode for mode,
// into folders the walk made first; a cancelled copy says so.
func TestCopyTreeCopiesEveryFile(t *testing.T) {
	src := t.TempDir()
	want := map[string]os.FileMode{}
	for d := range 12 {
		for f := range 25 {
			rel := filepath.Join(fmt.Sprintf("d%d", d), fmt.Sprintf("s%d", f%4), fmt.Sprintf("f%d.txt", f))
			mode := os.FileMode(0o644)
			if f%5 == 0 {
				mode = 0o755
			}
			if err := os.MkdirAll(filepath.Join(src, filepath.Dir(rel)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(src, rel), []byte(rel), mode); err != nil {
				t.Fatal(err)
			}
			want[rel] = mode
		}
	}
	dst := filepath.Join(t.TempDir(), "copy")
	if err := copyTree(t.Context(), src, dst, nil); err != nil {
		t.Fatal(err)
	}
	for rel, mode := range want {
		fi, err := os.Stat(filepath.Join(dst, rel))
		if err != nil {
			t.Fatalf("%s was not copied: %v", rel, err)
		}
		got, _ := os.ReadFile(filepath.Join(dst, rel))
		if string(got) != rel || fi.Mode().Perm() != mode {
			t.Errorf("%s copied as %q, mode %v; want mode %v", rel, got, fi.Mode().Perm(), mode)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := copyTree(ctx, src, filepath.Join(t.TempDir(), "never"), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled copy returned %v", err)
	}
}
