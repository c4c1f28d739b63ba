// Package worktree gives a conversation its own copy of a project folder to
// work in, outside the folder, and lands what it changed: in a git
// repository a git worktree on a branch of its own, elsewhere a snapshot
// copy. Diff shows the tree against where it started, Apply merges that
// into the folder (all or nothing) and Discard removes it.
package worktree

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

// BranchPrefix starts the name of every branch a worktree is made on.
const BranchPrefix = "hearth/"

// Tree is one worktree as the registry records it.
type Tree struct {
	ID string `json:"id"`
	// Project is the folder the tree was made from, absolute.
	Project string `json:"project"`
	// Path is where the agent works: the project folder's place in the
	// tree (the tree's root unless the project is a repository's subfolder).
	Path string `json:"path"`
	// Branch is the tree's git branch; "" for a snapshot copy.
	Branch string `json:"branch"`
	// Base is the commit the tree started from; "" for a snapshot copy.
	Base    string    `json:"base,omitempty"`
	Created time.Time `json:"created"`
}

// Snapshot says whether the tree is a plain copy rather than a git worktree.
func (t *Tree) Snapshot() bool { return t.Branch == "" }

// ErrNotFound is an id no recorded worktree has.
var ErrNotFound = errors.New("no such worktree")

// ConflictError is an Apply that was refused: the folder changed the same
// files differently. Nothing was applied.
type ConflictError struct {
	ID    string
	Files []string // slash-separated, relative to the project folder
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("worktree %s conflicts with the folder in %s; nothing was applied", e.ID, strings.Join(e.Files, ", "))
}

// Store keeps the worktrees of every project under one data directory:
// the trees in worktrees/<id>, a snapshot's starting copy in
// worktree-bases/<id>, and the records in worktrees.json. Several
// processes may share one directory.
type Store struct {
	dir string
}

// NewStore is the worktrees kept under dataDir (created when needed).
func NewStore(dataDir string) *Store { return &Store{dir: dataDir} }

const registryName = "worktrees.json"

func (s *Store) root(id string) string { return filepath.Join(s.dir, "worktrees", id) }
func (s *Store) base(id string) string { return filepath.Join(s.dir, "worktree-bases", id) }

// Create makes a worktree of projectDir: a git worktree on a new branch
// hearth/<id> from HEAD when projectDir is in a repository with a commit,
// else a snapshot copy that leaves out what the folder's ignore rules (and
// the usual dependency trees) name.
func (s *Store) Create(ctx context.Context, projectDir string) (*Tree, error) {
	abs, err := filepath.Abs(projectDir)
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("worktree: %s is not a folder", abs)
	}
	t := &Tree{ID: newID(), Project: abs, Created: time.Now().UTC().Truncate(time.Second)}
	if err := os.MkdirAll(filepath.Join(s.dir, "worktrees"), 0o700); err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	repo, err := findRepo(ctx, abs)
	switch {
	case err != nil:
		return nil, err
	case repo != nil:
		err = s.createGit(ctx, t, repo)
	default:
		err = s.createSnapshot(ctx, t)
	}
	if err != nil {
		return nil, err
	}
	if err := s.update(func(ts []Tree) []Tree { return append(ts, *t) }); err != nil {
		s.remove(ctx, t)
		return nil, err
	}
	return t, nil
}

// List is the recorded worktrees of projectDir, oldest first; all of them
// when projectDir is "".
func (s *Store) List(projectDir string) ([]Tree, error) {
	ts, err := s.load()
	if err != nil {
		return nil, err
	}
	if projectDir == "" {
		return ts, nil
	}
	abs, err := filepath.Abs(projectDir)
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	var out []Tree
	for _, t := range ts {
		if t.Project == abs {
			out = append(out, t)
		}
	}
	return out, nil
}

// Get finds the one worktree whose id starts with prefix.
func (s *Store) Get(prefix string) (*Tree, error) {
	ts, err := s.load()
	if err != nil {
		return nil, err
	}
	var found []Tree
	for _, t := range ts {
		if t.ID == prefix {
			return &t, nil
		}
		if prefix != "" && strings.HasPrefix(t.ID, prefix) {
			found = append(found, t)
		}
	}
	switch len(found) {
	case 0:
		return nil, fmt.Errorf("%w: %q", ErrNotFound, prefix)
	case 1:
		return &found[0], nil
	}
	return nil, fmt.Errorf("worktree id %q is ambiguous (%d match)", prefix, len(found))
}

// Discard removes the worktree, its branch and its record.
func (s *Store) Discard(ctx context.Context, id string) error {
	t, err := s.Get(id)
	if err != nil {
		return err
	}
	if err := s.remove(ctx, t); err != nil {
		return err
	}
	return s.update(func(ts []Tree) []Tree {
		out := ts[:0]
		for _, x := range ts {
			if x.ID != t.ID {
				out = append(out, x)
			}
		}
		return out
	})
}

// DiskSize is the bytes t's files take (a snapshot's starting copy
// included), counting shared reflinked blocks as if they were not.
func (s *Store) DiskSize(t *Tree) (int64, error) {
	var n int64
	for _, d := range []string{s.root(t.ID), s.base(t.ID)} {
		err := filepath.WalkDir(d, func(_ string, e fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil {
				return err
			}
			if e.Type().IsRegular() {
				fi, err := e.Info()
				if err != nil {
					return err
				}
				n += fi.Size()
			}
			return nil
		})
		if err != nil {
			return n, fmt.Errorf("worktree: measuring %s: %w", d, err)
		}
	}
	return n, nil
}

// remove deletes what Create made for t.
func (s *Store) remove(ctx context.Context, t *Tree) error {
	if !t.Snapshot() {
		if err := removeGit(ctx, t, s.root(t.ID)); err != nil {
			return err
		}
	}
	for _, d := range []string{s.root(t.ID), s.base(t.ID)} {
		if err := os.RemoveAll(d); err != nil {
			return fmt.Errorf("worktree: removing %s: %w", d, err)
		}
	}
	return nil
}

func (s *Store) load() ([]Tree, error) {
	b, err := os.ReadFile(filepath.Join(s.dir, registryName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("worktree: reading the records: %w", err)
	}
	var ts []Tree
	if err := json.Unmarshal(b, &ts); err != nil {
		return nil, fmt.Errorf("worktree: reading %s: %w", registryName, err)
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Created.Before(ts[j].Created) })
	return ts, nil
}

// update rewrites the records under a lock, so two processes creating
// worktrees at once both keep theirs.
func (s *Store) update(fn func([]Tree) []Tree) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	lk := flock.New(filepath.Join(s.dir, registryName+".lock"))
	if err := lk.Lock(); err != nil {
		return fmt.Errorf("worktree: locking the records: %w", err)
	}
	defer lk.Unlock()
	ts, err := s.load()
	if err != nil {
		return err
	}
	ts = fn(ts)
	if ts == nil {
		ts = []Tree{}
	}
	b, err := json.MarshalIndent(ts, "", "  ")
	if err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	defer root.Close()
	if err := atomicfile.Write(root, registryName, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("worktree: saving the records: %w", err)
	}
	return nil
}

func newID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
