//go:build unix

package textfile

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A file the crawl saw as regular may be a FIFO by the time it is read;
// reading it must return at once, not wait for a writer.
func TestReadersDoNotBlockOnFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	readers := map[string]func() ([]byte, error){
		"Read": func() ([]byte, error) {
			b, held, err := Read(p, 1<<20)
			held.Release()
			return b, err
		},
		"ReadAll": func() ([]byte, error) { return ReadAll(p) },
	}
	for name, read := range readers {
		t.Run(name, func(t *testing.T) {
			done := make(chan []byte, 1)
			go func() { b, _ := read(); done <- b }()
			select {
			case b := <-done:
				if len(b) != 0 {
					t.Fatalf("read %q from an empty FIFO", b)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("reader blocked on a FIFO")
			}
		})
	}
}

// A character device that never ends is refused once it fills a buffer.
func TestReadTextRefusesDevice(t *testing.T) {
	_, _, err := Read("/dev/zero", 1<<30)
	if err != ErrNotRegular {
		t.Fatalf("err = %v, want ErrNotRegular", err)
	}
}
