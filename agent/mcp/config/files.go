package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/settings"
)

// UserFileName is Hearth's own servers file, in its config directory.
const UserFileName = "mcp.json"

// ProjectFileName is a workspace's servers file, relative to it.
const ProjectFileName = ".mcp.json"

// UserPath is the user servers file under dir ("" is the default config dir).
func UserPath(dir string) (string, error) {
	if dir == "" {
		d, err := settings.DefaultDir()
		if err != nil {
			return "", err
		}
		dir = d
	}
	return filepath.Join(dir, UserFileName), nil
}

// Read parses the servers file at path; a missing file is an empty list.
func Read(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Parse(nil)
	}
	if err != nil {
		return nil, err
	}
	f, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// ReadExisting parses a file the user named (--mcp-config): it must exist.
func ReadExisting(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Write saves f at path atomically (a temporary file renamed over it), 0600
// since a user may have written a secret into it.
func Write(path string, f *File) error {
	b, err := f.Marshal()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".mcp-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
