package tools

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
)

// ErrStale reports an edit against content the model has not seen: the file
// was never read in this session, or it changed since the read.
var ErrStale = errors.New("stale file")

// readTracker remembers the hash of each file as the model last saw it.
type readTracker struct {
	mu     sync.Mutex
	hashes map[string][sha256.Size]byte
}

func newReadTracker() *readTracker {
	return &readTracker{hashes: make(map[string][sha256.Size]byte)}
}

// saw records that the model has seen (read or written) rel with content.
func (t *readTracker) saw(rel string, content []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.hashes[rel] = sha256.Sum256(content)
}

// check refuses content the model has not seen as it is now.
func (t *readTracker) check(rel string, current []byte) error {
	t.mu.Lock()
	h, ok := t.hashes[rel]
	t.mu.Unlock()
	if !ok {
		return fmt.Errorf("%w: %s has not been read in this session — read it first with read_file", ErrStale, rel)
	}
	if h != sha256.Sum256(current) {
		return fmt.Errorf("%w: %s changed since you read it — read it again", ErrStale, rel)
	}
	return nil
}
