package knowledge

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReadTextPeekReadsWholeFiles: with no size asked for, every length
// around the read boundaries comes back whole, a head of headLen bytes
// is shown when the file has bigFile bytes or more, and the size cap
// holds.
func TestReadTextPeekReadsWholeFiles(t *testing.T) {
	dir := t.TempDir()
	const maxSize = 300 << 10
	for _, size := range []int{0, 1, headLen, bigFile - 1, bigFile, bigFile + 1, 64<<10 - 1, 64 << 10, 64<<10 + 1,
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
			data, held, done, err := readTextPeek(path, maxSize, peek)
			if size > maxSize {
				if !errors.Is(err, errTooLarge) {
					t.Fatalf("%d bytes: got %v, want errTooLarge", size, err)
				}
				continue
			}
			if err != nil || done {
				t.Fatalf("%d bytes, peek %v: err %v, done %v", size, peeking, err, done)
			}
			if !bytes.Equal(data, content) {
				t.Fatalf("%d bytes, peek %v: read %d bytes, not the file", size, peeking, len(data))
			}
			held.release()
			wantHeads := 0
			if peeking && size >= bigFile {
				wantHeads = 1
			}
			if len(heads) != wantHeads || wantHeads == 1 && !bytes.Equal(heads[0], content[:headLen]) {
				t.Fatalf("%d bytes: %d heads shown, want %d of its first %d bytes", size, len(heads), wantHeads, headLen)
			}
		}
	}
	// A satisfied peek ends the read.
	if err := os.WriteFile(filepath.Join(dir, "g"), make([]byte, 100<<10), 0o600); err != nil {
		t.Fatal(err)
	}
	data, held, done, err := readTextPeek(filepath.Join(dir, "g"), maxSize, func([]byte) bool { return true })
	if err != nil || !done || data != nil {
		t.Fatalf("satisfied peek: err %v, done %v, %d bytes", err, done, len(data))
	}
	held.release()
}
