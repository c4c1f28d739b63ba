package confine

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"time"
)

// maxLinkHops bounds how many symlinks WriteFile follows to find the file a
// link names.
const maxLinkHops = 8

// WriteFile replaces p's content atomically: the data goes to a temporary
// file in the same directory, is fsynced, and is renamed over p, so a reader
// (or a crash) sees either the old or the new content, never a mix. An
// existing file keeps its mode; a new one gets perm. Missing parent
// directories are created. Writing through a symlink writes the file it
// names, which must itself be inside the workspace.
func (r *Root) WriteFile(p string, data []byte, perm fs.FileMode) error {
	rel, err := r.CheckWrite(p)
	if err != nil {
		return err
	}
	rel, err = r.followLinks(p, rel)
	if err != nil {
		return err
	}
	mode := perm
	if fi, err := r.root.Stat(rel); err == nil {
		if fi.IsDir() {
			return refuse(p, ErrInvalid, "is a directory")
		}
		mode = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return r.wrap(p, err)
	}
	dir := path.Dir(rel)
	if err := r.root.MkdirAll(dir, 0o755); err != nil {
		return r.wrap(p, fmt.Errorf("create parent directories: %w", err))
	}
	tmp, err := r.writeTemp(dir, data, mode)
	if err != nil {
		return r.wrap(p, err)
	}
	if err := renameRetry(func() error { return r.root.Rename(tmp, rel) }); err != nil {
		_ = r.root.Remove(tmp)
		return r.wrap(p, fmt.Errorf("replace file: %w", err))
	}
	syncDir(r.root, dir)
	return nil
}

func (r *Root) writeTemp(dir string, data []byte, mode fs.FileMode) (string, error) {
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := path.Join(dir, ".hearth-tmp-"+hex.EncodeToString(rnd[:]))
	f, err := r.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return "", fmt.Errorf("create temporary file: %w", err)
	}
	fail := func(err error) (string, error) {
		f.Close()
		_ = r.root.Remove(tmp)
		return "", err
	}
	if _, err := f.Write(data); err != nil {
		return fail(fmt.Errorf("write temporary file: %w", err))
	}
	// The umask may have trimmed the mode given to OpenFile.
	if err := f.Chmod(mode); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fail(fmt.Errorf("set mode: %w", err))
	}
	if err := f.Sync(); err != nil {
		return fail(fmt.Errorf("sync temporary file: %w", err))
	}
	if err := f.Close(); err != nil {
		_ = r.root.Remove(tmp)
		return "", fmt.Errorf("close temporary file: %w", err)
	}
	return tmp, nil
}

// followLinks resolves a final-component symlink to the workspace path it
// names, so an atomic rename replaces the target rather than the link.
func (r *Root) followLinks(p, rel string) (string, error) {
	seen := []string{rel}
	for range maxLinkHops {
		fi, err := r.root.Lstat(rel)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return rel, nil
		}
		target, err := r.root.Readlink(rel)
		if err != nil {
			return "", r.wrap(p, err)
		}
		if !strings.HasPrefix(target, "/") {
			target = path.Join(path.Dir(rel), target)
			if target == ".." || strings.HasPrefix(target, "../") {
				return "", refuse(p, ErrOutside, "is a symlink leading outside the workspace")
			}
		}
		next, err := r.CheckWrite(target)
		if err != nil {
			return "", refuse(p, errors.Unwrap(err), "is a symlink to "+target+": "+err.Error())
		}
		if slices.Contains(seen, next) {
			return "", refuse(p, ErrInvalid, "is a symlink loop")
		}
		seen = append(seen, next)
		rel = next
	}
	return "", refuse(p, ErrInvalid, "too many levels of symlinks")
}

// MkdirAll creates a directory and its parents inside the workspace.
func (r *Root) MkdirAll(p string) error {
	rel, err := r.CheckWrite(p)
	if err != nil {
		return err
	}
	return r.wrap(p, r.root.MkdirAll(rel, 0o755))
}

// Remove deletes a file or an empty directory.
func (r *Root) Remove(p string) error {
	rel, err := r.CheckWrite(p)
	if err != nil {
		return err
	}
	return r.wrap(p, r.root.Remove(rel))
}

func syncDir(rt *os.Root, dir string) {
	// Best effort: persisting the rename needs the directory synced on
	// Unix; Windows cannot open directories for sync and does not need to.
	if d, err := rt.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// renameRetry retries a rename a few times while another process (an
// editor, an antivirus scanner) holds the target open without sharing.
func renameRetry(rename func() error) error {
	var err error
	delay := 10 * time.Millisecond
	for attempt := 0; attempt < 6; attempt++ {
		if err = rename(); err == nil || !isSharingViolation(err) {
			return err
		}
		time.Sleep(delay)
		delay *= 2
	}
	return err
}
