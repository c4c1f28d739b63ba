package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/settings"
)

// FileName is the trust record, in the user's config directory.
const FileName = "trust.json"

// DefaultDir is where the trust record lives: beside the settings.
func DefaultDir() (string, error) { return settings.DefaultDir() }

// record is trust.json: per canonical workspace path, the digest of each
// trusted item as the person saw it.
type record struct {
	Version    int                   `json:"version"`
	Workspaces map[string]*workspace `json:"workspaces"`
}

type workspace struct {
	Items map[string]string `json:"items"` // item path → digest of it and the files it runs
	// Folder names the folder trusted (device and inode where the system
	// has them), so another folder at the same path is not it.
	Folder string `json:"folder,omitempty"`
	// Files are, per item, the files its digest covered when trusted (path
	// → sha256 or what stood there), so a review can show what changed.
	Files   map[string]map[string]string `json:"files,omitempty"`
	Updated time.Time                    `json:"updated"`
}

// ReasonChanged is Trusted's reason for a trusted item whose content, or a
// file it runs, has changed since.
const ReasonChanged = "changed since it was trusted"

// ReasonOtherFolder is Trusted's reason when the folder at the trusted path
// is not the one trusted (a fresh clone, a copy moved in).
const ReasonOtherFolder = "a different folder now sits at this path"

// Store answers and records trust. It is safe for concurrent use.
type Store struct {
	dir string
	mu  sync.Mutex
	run map[string]bool // canonical paths trusted for this process only
}

// NewStore keeps its record in dir (the user config directory; tests pass
// a temporary one).
func NewStore(dir string) *Store { return &Store{dir: dir, run: map[string]bool{}} }

// TrustForRun trusts every item of the workspace for as long as this Store
// lives (`hearth run --trust`); nothing is written.
func (s *Store) TrustForRun(ws string) error {
	canon, err := Canonical(ws)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.run[canon] = true
	return nil
}

// Trusted says whether item, as it is now, may take effect in ws, and why.
func (s *Store) Trusted(ws string, item Item) (bool, string) {
	if s == nil {
		return false, "no trust store: the workspace is untrusted"
	}
	if item.Err != "" {
		return false, "cannot be read safely: " + item.Err
	}
	if !item.Runs {
		return true, "brings nothing that runs code or widens permissions"
	}
	w, forRun, err := s.recordOf(ws)
	switch {
	case err != nil:
		return false, err.Error()
	case forRun:
		return true, reasonForRun
	case w == nil:
		return false, "the workspace is not trusted"
	case w.Folder != "" && item.folder != "" && w.Folder != item.folder:
		return false, ReasonOtherFolder
	case w.Items[item.Path] == "":
		return false, "added after the workspace was trusted"
	case w.Items[item.Path] != item.Digest:
		return false, ReasonChanged
	}
	return true, "trusted"
}

const reasonForRun = "trusted for this run (--trust)"

// recordOf is what the person trusted in ws: all of it for this run
// (forRun), else its stored record, nil when there is none.
func (s *Store) recordOf(ws string) (w *workspace, forRun bool, err error) {
	canon, err := Canonical(ws)
	if err != nil {
		return nil, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.run[canon] {
		return nil, true, nil
	}
	rec, err := s.load()
	if err != nil {
		return nil, false, fmt.Errorf("the trust record cannot be read: %w", err)
	}
	return rec.Workspaces[canon], false, nil
}

// Trust records items (with the digests the person was shown) as trusted
// in ws; items trusted before stay as they were. An item that has changed
// since it was shown is recorded with the old digest and so stays inert.
func (s *Store) Trust(ws string, items ...Item) error {
	canon, err := Canonical(ws)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, err := s.load()
	if err != nil {
		return err
	}
	w := rec.Workspaces[canon]
	if w == nil {
		w = &workspace{Items: map[string]string{}}
		rec.Workspaces[canon] = w
	}
	if w.Files == nil {
		w.Files = map[string]map[string]string{}
	}
	for _, it := range items {
		if it.Err != "" || it.Digest == "" {
			return fmt.Errorf("trust: %s cannot be trusted: %s", it.Path, it.Err)
		}
		if err := s.keep(canon, it); err != nil {
			return err
		}
		w.Items[it.Path] = it.Digest
		w.Files[it.Path] = map[string]string{}
		for _, f := range it.files {
			w.Files[it.Path][f.path] = f.sum
		}
		if it.folder != "" {
			w.Folder = it.folder
		}
	}
	w.Updated = time.Now().UTC()
	if err := s.save(rec); err != nil {
		return err
	}
	s.collect(rec)
	return nil
}

// Forget removes the workspace's stored trust. The folder may be gone
// already (a removed worktree): its nearest remaining parent then resolves
// the key.
func (s *Store) Forget(ws string) error {
	canon, err := canonicalGone(ws)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.run, canon)
	rec, err := s.load()
	if err != nil {
		return err
	}
	delete(rec.Workspaces, canon)
	if err := s.save(rec); err != nil {
		return err
	}
	s.collect(rec)
	return nil
}

// canonicalGone is Canonical for a folder that may no longer exist.
func canonicalGone(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	for rest := ""; ; {
		canon, err := Canonical(abs)
		if err == nil || !errors.Is(err, fs.ErrNotExist) || filepath.Dir(abs) == abs {
			return filepath.Join(canon, rest), err
		}
		rest = filepath.Join(filepath.Base(abs), rest)
		abs = filepath.Dir(abs)
	}
}

func (s *Store) load() (*record, error) {
	rec := &record{Version: 1, Workspaces: map[string]*workspace{}}
	b, err := os.ReadFile(filepath.Join(s.dir, FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return rec, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	if err := json.Unmarshal(b, rec); err != nil {
		return nil, fmt.Errorf("trust: %s: %w", FileName, err)
	}
	if rec.Workspaces == nil {
		rec.Workspaces = map[string]*workspace{}
	}
	return rec, nil
}

// save writes the record atomically, private to the person.
func (s *Store) save(rec *record) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	if err := settings.WriteFileAtomic(filepath.Join(s.dir, FileName), append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	return nil
}
