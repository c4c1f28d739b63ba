package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
)

const (
	maxFile     = 1 << 20 // a config file larger than this is refused, not read
	maxDirFiles = 200     // a skill folder's files digested at most
	maxDirBytes = 8 << 20
)

// ErrNotRegular means an item path is a FIFO, socket, device or directory
// where a file was expected; it is never opened.
var ErrNotRegular = errors.New("not a regular file")

// Canonical is the key a workspace's trust is stored under: its absolute
// path with symlinks resolved.
func Canonical(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	return filepath.Clean(real), nil
}

// openRoot opens the workspace confined: reads through it cannot follow a
// symlink out of the workspace.
func openRoot(dir string) (*os.Root, string, error) {
	canon, err := Canonical(dir)
	if err != nil {
		return nil, "", err
	}
	rt, err := os.OpenRoot(canon)
	if err != nil {
		return nil, "", fmt.Errorf("trust: %w", err)
	}
	return rt, canon, nil
}

// readFile reads rel (slash-separated) inside rt. The type is checked before
// opening and again on the open file, which is opened non-blocking, so a
// FIFO swapped in between cannot hang the read.
func readFile(rt *os.Root, rel string) ([]byte, error) {
	fi, err := rt.Stat(filepath.FromSlash(rel))
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", rel, ErrNotRegular)
	}
	if fi.Size() > maxFile {
		return nil, fmt.Errorf("%s: over %d KB", rel, maxFile>>10)
	}
	f, err := rt.OpenFile(filepath.FromSlash(rel), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", rel, ErrNotRegular)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxFile {
		return nil, fmt.Errorf("%s: over %d KB", rel, maxFile>>10)
	}
	return b, nil
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// dirFiles lists the regular files under rel (slash paths, sorted), without
// descending through symlinked directories.
func dirFiles(rt *os.Root, rel string) ([]string, error) {
	var out []string
	err := fs.WalkDir(rt.FS(), rel, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if t := d.Type(); !t.IsRegular() && t&fs.ModeSymlink == 0 {
			return fmt.Errorf("%s: %w", p, ErrNotRegular)
		}
		if len(out) >= maxDirFiles {
			return fmt.Errorf("%s: over %d files", rel, maxDirFiles)
		}
		out = append(out, p)
		return nil
	})
	slices.Sort(out)
	return out, err
}

// digestDir hashes every file under rel with its path, so adding, removing,
// renaming or changing any file of a skill changes the digest.
func digestDir(rt *os.Root, rel string) (string, map[string][]byte, error) {
	files, err := dirFiles(rt, rel)
	if err != nil {
		return "", nil, err
	}
	h := sha256.New()
	contents := map[string][]byte{}
	total := 0
	for _, f := range files {
		b, err := readFile(rt, f)
		if err != nil {
			return "", nil, err
		}
		if total += len(b); total > maxDirBytes {
			return "", nil, fmt.Errorf("%s: over %d MB", rel, maxDirBytes>>20)
		}
		contents[f] = b
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "%s\x00%x\n", path.Clean(f), sum)
	}
	return hex.EncodeToString(h.Sum(nil)), contents, nil
}
