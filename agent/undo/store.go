// Package undo keeps per-turn snapshots of the workspace files an agent turn
// changes, so a turn can be undone byte for byte (and redone). Snapshots are
// content-addressed blobs plus one JSON manifest per turn under an app data
// directory, so they survive restarts, and are pruned oldest-first by a size
// budget.
package undo

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

// DefaultBudget is the snapshot size budget when Open is given 0.
const DefaultBudget = 512 << 20

// ErrNoTurn reports a turn id with no saved snapshots (never made, or pruned).
var ErrNoTurn = errors.New("no snapshots for this turn")

var idRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// Store holds the snapshots of many turns under one directory.
type Store struct {
	root   *os.Root
	budget int64
	mu     sync.Mutex // serialises blob writes, manifests and pruning
	cache  statCache
	// grace keeps unreferenced blobs this long: a shell scan stores blobs
	// that no manifest names until the command ends (at most 10 minutes).
	grace time.Duration
}

// Open opens (creating it if needed) the snapshot store in dir, keeping at
// most budget bytes of snapshot content (0 means DefaultBudget).
func Open(dir string, budget int64) (*Store, error) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	for _, d := range []string{dir, path.Join(dir, "turns"), path.Join(dir, "blobs")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("undo: %w", err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	return &Store{root: root, budget: budget, cache: statCache{m: map[string]cached{}}, grace: time.Hour}, nil
}

// Close releases the store's directory handle.
func (s *Store) Close() error { return s.root.Close() }

func blobName(sum string) string { return path.Join("blobs", sum[:2], sum) }
func turnName(id string) string  { return path.Join("turns", id+".json") }

// putBlob stores data and returns its hash; existing blobs are reused.
func (s *Store) putBlob(data []byte) (string, error) {
	sum := hashOf(data)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.root.Stat(blobName(sum)); err == nil {
		return sum, nil
	}
	// Unsynced: a blob a crash damaged fails its hash check on read, and
	// an fsync per file would make a workspace scan cost seconds.
	if err := atomicfile.WriteUnsynced(s.root, blobName(sum), data, 0o600); err != nil {
		return "", fmt.Errorf("undo: saving a snapshot: %w", err)
	}
	return sum, nil
}

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func (s *Store) hasBlob(sum string) bool {
	_, err := s.root.Stat(blobName(sum))
	return err == nil
}

func (s *Store) blob(sum string) ([]byte, error) {
	b, err := s.root.ReadFile(blobName(sum))
	if err != nil {
		return nil, fmt.Errorf("undo: reading a snapshot: %w", err)
	}
	if hashOf(b) != sum {
		return nil, fmt.Errorf("undo: snapshot %s is corrupt", sum[:12])
	}
	return b, nil
}

func (s *Store) saveManifest(m *manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := atomicfile.Write(s.root, turnName(m.ID), b, 0o600); err != nil {
		return fmt.Errorf("undo: saving turn %s: %w", m.ID, err)
	}
	return nil
}

func (s *Store) loadManifest(id string) (*manifest, error) {
	if !idRe.MatchString(id) {
		return nil, fmt.Errorf("undo: invalid turn id %q", id)
	}
	b, err := s.root.ReadFile(turnName(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("turn %s: %w", id, ErrNoTurn)
	}
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	m := &manifest{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("undo: turn %s: bad manifest: %w", id, err)
	}
	return m, nil
}

// Turns lists the saved turns, newest first.
func (s *Store) Turns() ([]Summary, error) {
	ms, err := s.manifests()
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(ms))
	for i, m := range ms {
		out[len(ms)-1-i] = m.summary()
	}
	return out, nil
}

// manifests loads every saved turn, oldest first; unreadable ones are
// skipped rather than blocking the rest.
func (s *Store) manifests() ([]*manifest, error) {
	ents, err := fs.ReadDir(s.root.FS(), "turns")
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	var ms []*manifest
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !idRe.MatchString(id) {
			continue
		}
		if m, err := s.loadManifest(id); err == nil {
			ms = append(ms, m)
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Created.Before(ms[j].Created) })
	return ms, nil
}

// Prune deletes the oldest turns until the snapshot content they hold fits
// the budget, keeping the turns named in keep, then deletes blobs no turn
// uses. It returns the ids of the turns deleted.
func (s *Store) Prune(keep ...string) ([]string, error) {
	ms, err := s.manifests()
	if err != nil {
		return nil, err
	}
	refs, sizes := map[string]int{}, map[string]int64{}
	var total int64
	for _, m := range ms {
		for _, v := range m.versions() {
			if refs[v.Blob]++; refs[v.Blob] == 1 {
				sizes[v.Blob] = v.Size
				total += v.Size
			}
		}
	}
	kept := map[string]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	var deleted []string
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range ms {
		if total <= s.budget {
			break
		}
		if kept[m.ID] {
			continue
		}
		if err := s.root.Remove(turnName(m.ID)); err != nil {
			return deleted, fmt.Errorf("undo: pruning turn %s: %w", m.ID, err)
		}
		deleted = append(deleted, m.ID)
		for _, v := range m.versions() {
			if refs[v.Blob]--; refs[v.Blob] == 0 {
				total -= sizes[v.Blob]
			}
		}
	}
	return deleted, s.gcBlobs(refs)
}

// gcBlobs removes blobs no manifest references, except young ones (grace).
func (s *Store) gcBlobs(refs map[string]int) error {
	dirs, err := fs.ReadDir(s.root.FS(), "blobs")
	if err != nil {
		return err
	}
	for _, d := range dirs {
		files, err := fs.ReadDir(s.root.FS(), path.Join("blobs", d.Name()))
		if err != nil {
			continue
		}
		for _, f := range files {
			if refs[f.Name()] > 0 {
				continue
			}
			if fi, err := f.Info(); err == nil && time.Since(fi.ModTime()) < s.grace {
				continue
			}
			_ = s.root.Remove(path.Join("blobs", d.Name(), f.Name()))
		}
	}
	return nil
}
