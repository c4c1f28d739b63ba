package undo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"
)

// ErrOutside reports a path outside the turn's workspace.
var ErrOutside = errors.New("path is outside the workspace")

// version is one state of a file: absent, or content (by hash) and mode.
type version struct {
	Exists bool        `json:"exists"`
	Mode   fs.FileMode `json:"mode,omitempty"`
	Blob   string      `json:"blob,omitempty"`
	Size   int64       `json:"size,omitempty"`
}

func (v version) same(o version) bool {
	return v.Exists == o.Exists && (!v.Exists || (v.Blob == o.Blob && v.Mode == o.Mode))
}

type fileRec struct {
	Path   string   `json:"path"` // workspace-relative, slash-separated
	Before version  `json:"before"`
	After  *version `json:"after,omitempty"` // set when the turn finishes
	Undone bool     `json:"undone,omitempty"`
	// NewDirs are the file's parent directories that did not exist before
	// the turn, deepest first: undoing the file's creation removes them
	// again when they are empty.
	NewDirs []string `json:"new_dirs,omitempty"`
}

type manifest struct {
	ID        string    `json:"id"`
	Workspace string    `json:"workspace"`
	Created   time.Time `json:"created"`
	Files     []fileRec `json:"files"`
}

func (m *manifest) versions() []version {
	var out []version
	for _, f := range m.Files {
		for _, v := range []*version{&f.Before, f.After} {
			if v != nil && v.Exists && v.Blob != "" {
				out = append(out, *v)
			}
		}
	}
	return out
}

// Turn is the snapshot set of one agent turn. Its methods are safe for
// concurrent use.
type Turn struct {
	s     *Store
	mu    sync.Mutex
	m     *manifest
	files Files // nil: the disk
}

// Files is where a turn reads and writes a file's content when that is
// not the disk alone: an editor's buffers, which the tools changed, so the
// snapshot and the restore see what the editor sees. Paths are absolute;
// ReadFile reports a missing file with fs.ErrNotExist.
type Files interface {
	ReadFile(ctx context.Context, abs string) ([]byte, error)
	WriteFile(ctx context.Context, abs string, data []byte) error
}

// Through makes the turn read and write file content through f (nil: the
// disk). Existence, modes and deletions stay on disk.
func (t *Turn) Through(f Files) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.files = f
}

// Begin starts recording turn id for the workspace directory, pruning older
// turns to the budget first.
func (s *Store) Begin(id, workspace string) (*Turn, error) {
	if !idRe.MatchString(id) {
		return nil, fmt.Errorf("undo: invalid turn id %q", id)
	}
	ws, err := filepath.Abs(workspace)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	if _, err := s.Prune(id); err != nil {
		return nil, err
	}
	m := &manifest{ID: id, Workspace: ws, Created: time.Now()}
	if old, err := s.loadManifest(id); err == nil {
		m = old // a turn that resumes after a restart keeps what it had
	}
	return &Turn{s: s, m: m}, s.saveManifest(m)
}

// Turn reopens a saved turn, for example after a restart.
func (s *Store) Turn(id string) (*Turn, error) {
	m, err := s.loadManifest(id)
	if err != nil {
		return nil, err
	}
	return &Turn{s: s, m: m}, nil
}

// ID is the turn's id.
func (t *Turn) ID() string { return t.m.ID }

// Files lists the workspace-relative paths the turn has snapshotted.
func (t *Turn) Files() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, len(t.m.Files))
	for i, f := range t.m.Files {
		out[i] = f.Path
	}
	return out
}

// rel maps an absolute (or workspace-relative) path into the workspace.
func (t *Turn) rel(p string) (string, error) {
	if filepath.IsAbs(p) {
		r, err := filepath.Rel(t.m.Workspace, p)
		if err != nil {
			return "", fmt.Errorf("%s: %w", p, ErrOutside)
		}
		p = r
	}
	if !filepath.IsLocal(p) {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	return filepath.ToSlash(filepath.Clean(p)), nil
}

func (t *Turn) openRoot() (*os.Root, error) {
	r, err := os.OpenRoot(t.m.Workspace)
	if err != nil {
		return nil, fmt.Errorf("undo: opening the workspace: %w", err)
	}
	return r, nil
}

// Before snapshots path (content, mode, existence) unless the turn already
// has it: call it before every change a tool makes. Only the first call per
// file in a turn records anything, so undo returns to the turn's start.
func (t *Turn) Before(ctx context.Context, path string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	rel, err := t.rel(path)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.find(rel) >= 0 {
		return nil
	}
	root, err := t.openRoot()
	if err != nil {
		return err
	}
	defer root.Close()
	v, err := t.capture(ctx, root, rel)
	if err != nil {
		return err
	}
	r := fileRec{Path: rel, Before: v}
	if !v.Exists {
		r.NewDirs = newDirs(rel, func(d string) bool {
			fi, err := root.Stat(d)
			return err == nil && fi.IsDir()
		})
	}
	return t.add(r)
}

func (t *Turn) find(rel string) int {
	for i, f := range t.m.Files {
		if f.Path == rel {
			return i
		}
	}
	return -1
}

func (t *Turn) add(r fileRec) error {
	t.m.Files = append(t.m.Files, r)
	if err := t.s.saveManifest(t.m); err != nil {
		t.m.Files = t.m.Files[:len(t.m.Files)-1]
		return err
	}
	return nil
}

// capture stores the current state of rel and returns it.
func (t *Turn) capture(ctx context.Context, root *os.Root, rel string) (version, error) {
	v, b, err := t.read(ctx, root, rel)
	if err != nil || !v.Exists {
		return v, err
	}
	if !v.Mode.IsRegular() {
		return version{}, fmt.Errorf("undo: %s is not a regular file", rel)
	}
	if v.Blob, err = t.s.putBlob(b); err != nil {
		return version{}, err
	}
	return v, nil
}

// read is rel's present state and content, its hash not yet stored.
// A special file's state has its type in Mode and no content.
func (t *Turn) read(ctx context.Context, root *os.Root, rel string) (version, []byte, error) {
	fi, err := root.Stat(rel)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return version{}, nil, fmt.Errorf("undo: %w", err)
	}
	if err == nil && !fi.Mode().IsRegular() {
		// A directory or device where a file was: never equal to a snapshot.
		return version{Exists: true, Mode: fi.Mode()}, nil, nil
	}
	var b []byte
	switch {
	case t.files != nil:
		// An editor may hold a file not yet saved, so it says whether
		// the file exists.
		b, err = t.files.ReadFile(ctx, filepath.Join(t.m.Workspace, filepath.FromSlash(rel)))
		if errors.Is(err, fs.ErrNotExist) {
			return version{}, nil, nil
		}
	case missing:
		return version{}, nil, nil
	default:
		b, err = root.ReadFile(rel)
	}
	if err != nil {
		return version{}, nil, fmt.Errorf("undo: %w", err)
	}
	mode := fs.FileMode(0o644)
	if !missing {
		mode = fi.Mode().Perm()
	}
	return version{Exists: true, Mode: mode, Blob: hashOf(b), Size: int64(len(b))}, b, nil
}

// Finish records the state the turn left each file in, so a later Undo can
// tell whether the user changed a file since. Undo calls it for a turn that
// was never finished (for example after a crash).
func (t *Turn) Finish(ctx context.Context) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.finish(ctx, true)
}

// finish captures the after-state of every file (all) or of those that
// have none yet.
func (t *Turn) finish(ctx context.Context, all bool) error {
	root, err := t.openRoot()
	if err != nil {
		return err
	}
	defer root.Close()
	for i := range t.m.Files {
		if err := ctx.Err(); err != nil {
			return err
		}
		f := &t.m.Files[i]
		if f.Undone || (!all && f.After != nil) {
			continue
		}
		v, err := t.capture(ctx, root, f.Path)
		if err != nil {
			return err
		}
		f.After = &v
	}
	return t.s.saveManifest(t.m)
}

// newDirs lists rel's ancestors that do not exist, deepest first.
func newDirs(rel string, exists func(dir string) bool) []string {
	var out []string
	for d := path.Dir(rel); d != "." && d != "/" && !exists(d); d = path.Dir(d) {
		out = append(out, d)
	}
	return out
}

// Summary describes a saved turn.
type Summary struct {
	ID      string
	Created time.Time
	Files   []string // workspace-relative paths the turn touched
	Undone  bool     // every file of the turn is currently undone
}

// Summary describes the turn.
func (t *Turn) Summary() Summary {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m.summary()
}

func (m *manifest) summary() Summary {
	s := Summary{ID: m.ID, Created: m.Created, Undone: len(m.Files) > 0}
	for _, f := range m.Files {
		s.Files = append(s.Files, f.Path)
		s.Undone = s.Undone && f.Undone
	}
	return s
}
