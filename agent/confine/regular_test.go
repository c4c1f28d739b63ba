//go:build unix

package confine

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test if fn does not return in time: the fault under test
// is a call that blocks forever.
func within(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("call blocked")
	}
}

func specialWorkspace(t *testing.T) (string, *Root) {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("pipe", filepath.Join(dir, "link-to-pipe")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return dir, r
}

func TestOpenRegularRefusesSpecialFiles(t *testing.T) {
	_, r := specialWorkspace(t)
	tests := []struct {
		path, want string
	}{
		{"pipe", "pipe is a named pipe (FIFO), not a regular file"},
		{"link-to-pipe", "link-to-pipe is a named pipe (FIFO), not a regular file"},
		{"sock", "sock is a socket, not a regular file"},
		{".", ". is a directory, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			within(t, func() {
				f, _, err := r.OpenRegular(tt.path)
				if err == nil {
					f.Close()
					t.Fatal("opened a special file")
				}
				if !errors.Is(err, ErrNotRegular) || err.Error() != tt.want {
					t.Fatalf("err = %v, want %q (ErrNotRegular)", err, tt.want)
				}
				if _, err := r.ReadFile(tt.path); !errors.Is(err, ErrNotRegular) {
					t.Fatalf("ReadFile err = %v, want ErrNotRegular", err)
				}
			})
		})
	}
	b, err := r.ReadFile("a.txt")
	if err != nil || string(b) != "hello" {
		t.Fatalf("regular file: %q, %v", b, err)
	}
}

// A walker saw a regular file; by the time it opens it, it is a FIFO. The
// non-blocking open and the fstat after it must still refuse it at once.
func TestOpenRegularInSwappedForFIFO(t *testing.T) {
	dir, r := specialWorkspace(t)
	sub, err := r.OpenDir(".")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	if err := os.Remove(filepath.Join(dir, "a.txt")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "a.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	within(t, func() {
		f, _, err := OpenRegularIn(sub, "a.txt")
		if err == nil {
			f.Close()
			t.Fatal("opened a FIFO")
		}
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "named pipe (FIFO)") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestKindOf(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, ""},
		{fs.ModeNamedPipe, "named pipe (FIFO)"},
		{fs.ModeSocket, "socket"},
		{fs.ModeDevice | fs.ModeCharDevice, "character device"},
		{fs.ModeDevice, "device"},
		{fs.ModeDir, "directory"},
		{fs.ModeIrregular, "special file"},
	}
	for _, tt := range tests {
		if got := kindOf(tt.mode); got != tt.want {
			t.Errorf("kindOf(%v) = %q, want %q", tt.mode, got, tt.want)
		}
	}
}
