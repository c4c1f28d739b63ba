package worktree

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A write that fails part way takes back the ones before it, and the
// worktree stays.
func TestApplyFailingWriteTakesBackTheOthers(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(tr.Path, "a.txt"), []byte("A\n"), 0o644)
	os.Remove(filepath.Join(tr.Path, "b.txt"))
	os.WriteFile(filepath.Join(tr.Path, "c.txt"), []byte("C\n"), 0o644)
	calls := 0
	putFile = func(root *os.Root, name string, b *blob) error {
		if calls++; calls == 3 {
			return errors.New("disk full")
		}
		return put(root, name, b)
	}
	t.Cleanup(func() { putFile = put })
	if _, err := s.Apply(t.Context(), tr.ID); err == nil {
		t.Fatal("Apply succeeded with a failing write")
	}
	for name, want := range map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q back", name, got, err, want)
		}
	}
	if _, err := s.Get(tr.ID); err != nil {
		t.Errorf("the worktree was dropped after a failed apply: %v", err)
	}
}
