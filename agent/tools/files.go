package tools

import (
	"context"
	"fmt"
	"io"

	"github.com/hearth-agent/hearth/agent/confine"
)

// FileAccess is where read_file, edit_file and write_file read and write a
// file's content: the disk by default, an editor's buffers when an editor
// lends them (ACP). Paths are absolute and already confined to the
// workspace; ReadFile reports a missing file with fs.ErrNotExist.
type FileAccess interface {
	ReadFile(ctx context.Context, abs string) ([]byte, error)
	WriteFile(ctx context.Context, abs string, data []byte) error
}

// diskFiles is the workspace on disk: reads refuse special files, writes
// are atomic.
type diskFiles struct{ root *confine.Root }

var _ FileAccess = diskFiles{}

func (d diskFiles) ReadFile(_ context.Context, abs string) ([]byte, error) {
	f, _, err := d.root.OpenRegular(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Bounded, since the file may have grown since it was measured.
	raw, err := io.ReadAll(io.LimitReader(f, readMaxBytes+1))
	if err == nil && len(raw) > readMaxBytes {
		err = fmt.Errorf("%s is larger than the %s limit", abs, humanSize(readMaxBytes))
	}
	return raw, err
}

func (d diskFiles) WriteFile(_ context.Context, abs string, data []byte) error {
	return d.root.WriteFile(abs, data, 0o644)
}
