// Package atomicfile replaces files inside an os.Root so that a reader, or a
// crash, sees either the old content or the new one, never a mix, and so no
// path (.., absolute, or a symlink pointing out) can escape the root.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces name (relative to root) with data and gives it perm,
// creating parent directories as needed: it writes a temporary file in the
// same directory, fsyncs it, renames it over name and fsyncs the directory.
// On error name is untouched and the temporary file is removed.
func Write(root *os.Root, name string, data []byte, perm fs.FileMode) error {
	return write(root, name, data, perm, true)
}

// WriteUnsynced is Write without the fsyncs: still all-or-nothing for
// readers, but a crash may lose or truncate it. For data that verifies
// itself (content-addressed snapshots) where fsync would dominate the cost.
func WriteUnsynced(root *os.Root, name string, data []byte, perm fs.FileMode) error {
	return write(root, name, data, perm, false)
}

func write(root *os.Root, name string, data []byte, perm fs.FileMode, durable bool) (err error) {
	dir := filepath.Dir(name)
	if dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("creating %s: %w", dir, err)
		}
	}
	tmp := filepath.Join(dir, "."+filepath.Base(name)+".hearth-"+suffix())
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = root.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	// Chmod on the open file: the umask must not change the mode we keep.
	if err = f.Chmod(perm.Perm()); err != nil {
		return fmt.Errorf("setting the mode of %s: %w", name, err)
	}
	if durable {
		if err = f.Sync(); err != nil {
			return fmt.Errorf("syncing %s: %w", name, err)
		}
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err = root.Rename(tmp, name); err != nil {
		return fmt.Errorf("replacing %s: %w", name, err)
	}
	if durable {
		syncDir(root, dir)
	}
	return nil
}

// syncDir makes the rename durable; some systems cannot sync a directory,
// which costs durability on a crash, not correctness, so it is best effort.
func syncDir(root *os.Root, dir string) {
	d, err := root.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}

func suffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Mode returns the permission bits of name, or def when it does not exist.
func Mode(root *os.Root, name string, def fs.FileMode) (fs.FileMode, error) {
	fi, err := root.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return 0, err
	}
	return fi.Mode().Perm(), nil
}
