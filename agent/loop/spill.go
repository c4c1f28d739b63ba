package loop

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// spillName makes a file name of a call id, which the model chooses: only
// letters, digits, '_', '-' and inner dots survive, so it can name no other
// directory.
func spillName(callID string) string {
	name := strings.Trim(unsafeName.ReplaceAllString(callID, "_"), ".")
	if len(name) > 100 {
		name = name[:100]
	}
	if name == "" {
		name = "call"
	}
	return name + ".txt"
}

// writeSpill writes content as dir's file for callID. It goes through an
// os.Root of dir and creates the file exclusively, so a symlink planted in
// dir (or in place of the file) is replaced, never written through.
func writeSpill(dir, callID string, content []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	// The store itself must be a directory, not a link to one elsewhere.
	if fi, err := os.Lstat(dir); err != nil {
		return "", err
	} else if !fi.IsDir() {
		return "", fmt.Errorf("spill store %s is not a directory", dir)
	}
	rt, err := os.OpenRoot(dir)
	if err != nil {
		return "", err
	}
	defer rt.Close()
	name := spillName(callID)
	if err := rt.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	f, err := rt.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, werr := f.Write(content)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", werr
	}
	return filepath.Join(dir, name), nil
}
