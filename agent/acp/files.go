package acp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"time"
	"unicode/utf8"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/undo"
)

// editorFiles reads the editor's buffers (unsaved changes included) and
// writes through the editor, for the operations the editor offered; the
// others, and any content that is not text, stay on disk. Every path is
// confined to the project before the editor is asked, symlinks included,
// since the editor would follow a link out.
type editorFiles struct {
	s           *live
	root        *confine.Root
	read, write bool
}

var (
	_ tools.FileAccess = (*editorFiles)(nil)
	_ undo.Files       = (*editorFiles)(nil)
)

// editorFiles is the file access through the editor for session s, nil
// when the editor offered neither operation at initialize.
func (a *Agent) editorFiles(s *live) (*editorFiles, error) {
	a.mu.Lock()
	caps := a.caps.Fs
	a.mu.Unlock()
	if !caps.ReadTextFile && !caps.WriteTextFile {
		return nil, nil
	}
	root, err := confine.Open(s.proj.Dir())
	if err != nil {
		return nil, err
	}
	return &editorFiles{s: s, root: root, read: caps.ReadTextFile, write: caps.WriteTextFile}, nil
}

// access is f for the conversation, a nil interface when f is nil.
func (f *editorFiles) access() tools.FileAccess {
	if f == nil {
		return nil
	}
	return f
}

func (f *editorFiles) close() {
	if f != nil {
		f.root.Close()
	}
}

// ReadFile is the editor's buffer of abs; a file that is not text (or
// that the editor has no read for) is read from disk.
func (f *editorFiles) ReadFile(ctx context.Context, abs string) ([]byte, error) {
	rel, err := f.root.Rel(abs)
	if err != nil {
		return nil, err
	}
	fi, err := f.root.Stat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Not on disk, but the editor may hold it unsaved.
		if err := f.inside(rel); err != nil {
			return nil, err
		}
		if !f.read {
			return nil, err
		}
		text, rerr := f.ask(ctx, rel)
		if rerr != nil {
			return nil, &fs.PathError{Op: "read", Path: abs, Err: fs.ErrNotExist}
		}
		return text, nil
	case err != nil:
		return nil, err
	case fi.IsDir():
		return nil, &fs.PathError{Op: "read", Path: abs, Err: errors.New("is a directory")}
	}
	raw, err := f.root.ReadFile(rel) // refuses special files
	if err != nil || !f.read || !isText(raw) {
		return raw, err
	}
	return f.ask(ctx, rel)
}

// WriteFile writes text through the editor, anything else to disk.
func (f *editorFiles) WriteFile(ctx context.Context, abs string, data []byte) error {
	rel, err := f.root.CheckWrite(abs)
	if err != nil {
		return err
	}
	if !f.write || !isText(data) {
		return f.root.WriteFile(rel, data, 0o644)
	}
	fi, err := f.root.Stat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := f.inside(rel); err != nil {
			return err
		}
		// The editor may not create directories; the confined root does.
		if dir := path.Dir(rel); dir != "." {
			if err := f.root.MkdirAll(dir); err != nil {
				return err
			}
		}
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return &fs.PathError{Op: "write", Path: abs, Err: errors.New("is not a regular file")}
	}
	_, err = f.s.a.client().WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: f.s.id, Path: f.root.Abs(rel), Content: string(data)})
	if err != nil {
		return fmt.Errorf("the editor did not write %s: %w", rel, err)
	}
	return nil
}

// inside refuses a missing rel that is a dangling symlink, or whose
// directory leads out of the project.
func (f *editorFiles) inside(rel string) error {
	if fi, err := f.root.Lstat(rel); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return &confine.PathError{Path: rel, Err: confine.ErrOutside, Reason: "is a symlink to a file that does not exist"}
	}
	if _, err := f.root.Stat(path.Dir(rel)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (f *editorFiles) ask(ctx context.Context, rel string) ([]byte, error) {
	res, err := f.s.a.client().ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: f.s.id, Path: f.root.Abs(rel)})
	if err != nil {
		return nil, fmt.Errorf("the editor did not read %s: %w", rel, err)
	}
	return []byte(res.Content), nil
}

// oldText is the editor's text of abs before a write_file replaces it,
// the old side of the diff the editor shows; false when there is none.
func (f *editorFiles) oldText(abs string) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), oldTextWait)
	defer cancel()
	b, err := f.ReadFile(ctx, abs)
	if err != nil || len(b) > maxOldText || !isText(b) {
		return "", false
	}
	return string(b), true
}

// oldTextWait bounds how long a diff waits for the editor, since the
// session's updates wait behind it.
const oldTextWait = 5 * time.Second

// isText is content an editor's text buffer holds as it is.
func isText(b []byte) bool { return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 }
