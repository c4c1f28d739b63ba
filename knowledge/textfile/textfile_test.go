package textfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReadTextPeekReadsWholeFiles: with no size asked for, every length
// around the read boundaries comes back whole, a head of HeadLen bytes
// is shown when the file has bigFile bytes or more, and the size cap
// holds.
func TestReadTextPeekReadsWholeFiles(t *testing.T) {
	dir := t.TempDir()
	const maxSize = 300 << 10
	for _, size := range []int{0, 1, HeadLen, bigFile - 1, bigFile, bigFile + 1, 64<<10 - 1, 64 << 10, 64<<10 + 1,
		200 << 10, maxSize, maxSize + 1, 3 * maxSize} {
		content := make([]byte, size)
		for i := range content {
			content[i] = byte('a' + i*7%26)
		}
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, peeking := range []bool{false, true} {
			var heads [][]byte
			var peek func([]byte) bool
			if peeking {
				peek = func(head []byte) bool { heads = append(heads, bytes.Clone(head)); return false }
			}
			data, held, done, err := ReadPeek(path, maxSize, peek)
			if size > maxSize {
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("%d bytes: got %v, want ErrTooLarge", size, err)
				}
				continue
			}
			if err != nil || done {
				t.Fatalf("%d bytes, peek %v: err %v, done %v", size, peeking, err, done)
			}
			if !bytes.Equal(data, content) {
				t.Fatalf("%d bytes, peek %v: read %d bytes, not the file", size, peeking, len(data))
			}
			held.Release()
			wantHeads := 0
			if peeking && size >= bigFile {
				wantHeads = 1
			}
			if len(heads) != wantHeads || wantHeads == 1 && !bytes.Equal(heads[0], content[:HeadLen]) {
				t.Fatalf("%d bytes: %d heads shown, want %d of its first %d bytes", size, len(heads), wantHeads, HeadLen)
			}
		}
	}
	// A satisfied peek ends the read.
	if err := os.WriteFile(filepath.Join(dir, "g"), make([]byte, 100<<10), 0o600); err != nil {
		t.Fatal(err)
	}
	data, held, done, err := ReadPeek(filepath.Join(dir, "g"), maxSize, func([]byte) bool { return true })
	if err != nil || !done || data != nil {
		t.Fatalf("satisfied peek: err %v, done %v, %d bytes", err, done, len(data))
	}
	held.Release()
}

func TestReadTextPooled(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"a": "hello", "big": string(make([]byte, 100))} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	data, held, err := Read(dir+"/a", 10)
	if err != nil || string(data) != "hello" {
		t.Fatalf("Read = %q, %v", data, err)
	}
	held.Release()
	if _, _, err := Read(dir+"/big", 10); err != ErrTooLarge {
		t.Errorf("over the cap: err %v", err)
	}
	if _, _, err := Read(dir+"/missing", 10); err == nil {
		t.Error("missing file read")
	}
}
