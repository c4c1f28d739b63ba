package confine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Root is an open workspace. All methods take paths as the model gives them
// (relative, or absolute beneath the workspace) and are safe for concurrent use.
type Root struct {
	dir          string // absolute, symlinks resolved
	alias        string // absolute as given
	root         *os.Root
	allowProtect bool
	escapeErr    error  // os.Root's own "escapes" error, for classification
	dev          uint64 // the device holding the workspace, 0 if unknown
}

// Option configures Open.
type Option func(*Root)

// AllowProtectedWrites lets writes reach .git/ and Hearth's config directory.
// Only set it when the user has explicitly asked for it.
func AllowProtectedWrites() Option { return func(r *Root) { r.allowProtect = true } }

// Open opens dir as a workspace. dir must exist and be a directory.
func Open(dir string, opts ...Option) (*Root, error) {
	if dir == "" {
		return nil, errors.New("workspace: no directory given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("workspace: %s is not a directory", real)
	}
	rt, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	r := &Root{dir: real, alias: filepath.Clean(abs), root: rt}
	for _, o := range opts {
		o(r)
	}
	if _, err := rt.Lstat(".."); err != nil {
		r.escapeErr = errors.Unwrap(err)
	}
	if d, err := rt.Open("."); err == nil {
		r.dev = deviceOf(d)
		d.Close()
	}
	return r, nil
}

// Close releases the directory handle.
func (r *Root) Close() error { return r.root.Close() }

// Dir is the absolute workspace directory (symlinks resolved).
func (r *Root) Dir() string { return r.dir }

// FS returns a read-only fs.FS confined to the workspace.
func (r *Root) FS() fs.FS { return r.root.FS() }

// Rel validates p and returns it relative to the workspace, slash-separated.
func (r *Root) Rel(p string) (string, error) {
	rel, err := Clean(r.dir, p)
	if err != nil && r.alias != r.dir && errors.Is(err, ErrOutside) {
		// The workspace may be spelled through a symlink (/tmp on macOS).
		if alt, aerr := Clean(r.alias, p); aerr == nil {
			return alt, nil
		}
	}
	if err != nil {
		return "", err
	}
	return rel, nil
}

// Abs returns the absolute host path for a path already validated by Rel,
// spelt from the workspace directory as it was given to Open, which is how
// the rest of the app (undo, the UI) knows it.
func (r *Root) Abs(rel string) string { return filepath.Join(r.alias, filepath.FromSlash(rel)) }

// wrap classifies an os.Root failure so escapes read as such.
func (r *Root) wrap(p string, err error) error {
	if err == nil {
		return nil
	}
	if r.isEscape(err) {
		return refuse(p, ErrOutside, "a symlink on this path leads outside the workspace")
	}
	return err
}

func (r *Root) isEscape(err error) bool {
	if r.escapeErr != nil && errors.Is(err, r.escapeErr) {
		return true
	}
	return strings.Contains(err.Error(), "escapes from parent")
}

// Stat follows symlinks (inside the workspace only).
func (r *Root) Stat(p string) (fs.FileInfo, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return nil, err
	}
	fi, err := r.root.Stat(rel)
	return fi, r.wrap(p, err)
}

// Lstat does not follow a final symlink.
func (r *Root) Lstat(p string) (fs.FileInfo, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return nil, err
	}
	fi, err := r.root.Lstat(rel)
	return fi, r.wrap(p, err)
}

// Open opens a file or directory for reading.
func (r *Root) Open(p string) (*os.File, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return nil, err
	}
	f, err := r.root.Open(rel)
	return f, r.wrap(p, err)
}

// OpenDir opens directory p as an os.Root of its own, for walkers that read
// many files of one directory: each file is then opened relative to its
// directory instead of resolving its whole path again. The result is
// confined to p (and so to the workspace); the caller closes it.
func (r *Root) OpenDir(p string) (*os.Root, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return nil, err
	}
	sub, err := r.root.OpenRoot(rel)
	return sub, r.wrap(p, err)
}

// ReadDir lists a directory, sorted by name.
func (r *Root) ReadDir(p string) ([]fs.DirEntry, error) {
	f, err := r.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	sortEntries(ents)
	return ents, nil
}

// CheckWrite reports whether p may be written: inside the workspace, not
// through a symlink leading out, and not in a protected directory unless
// allowed. It returns the cleaned relative path.
func (r *Root) CheckWrite(p string) (string, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return "", err
	}
	if rel == "." {
		return "", refuse(p, ErrInvalid, "is the workspace root, not a file")
	}
	if r.allowProtect {
		return rel, nil
	}
	if isProtected(rel) {
		return "", refuse(p, ErrProtected, "writes inside .git/ and "+ConfigDirName+"/ need the user's explicit permission")
	}
	// A symlink inside the workspace may still lead into .git; resolve the
	// existing part of the path on the host to catch that.
	if real := r.resolveExisting(rel); real != "" && isProtected(real) {
		return "", refuse(p, ErrProtected, "resolves (through a symlink) into a protected directory")
	}
	return rel, nil
}

// resolveExisting resolves symlinks on the longest existing prefix of rel and
// returns the result relative to the workspace, or "" if that fails.
func (r *Root) resolveExisting(rel string) string {
	cur, rest := rel, ""
	for cur != "." && cur != "/" {
		if real, err := filepath.EvalSymlinks(r.Abs(cur)); err == nil {
			out, err := filepath.Rel(r.dir, real)
			if err != nil {
				return ""
			}
			return path.Join(filepath.ToSlash(out), rest)
		}
		rest = path.Join(path.Base(cur), rest)
		cur = path.Dir(cur)
	}
	return rel
}

func sortEntries(ents []fs.DirEntry) {
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}
