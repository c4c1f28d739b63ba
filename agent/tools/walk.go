package tools

import (
	"context"
	"errors"
	"io/fs"
	"path"
)

// errStopWalk ends a walk early without an error.
var errStopWalk = errors.New("stop walk")

// walkFiles calls fn for every regular file under start (workspace-relative)
// that the ignore rules keep, in lexical order. Symlinks are not followed.
func (s *session) walkFiles(ctx context.Context, start string, fn func(rel string) error) error {
	err := fs.WalkDir(s.root.FS(), start, func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			if rel == start {
				return err
			}
			return nil // unreadable entries are skipped, as grep -r does
		}
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if rel == start {
			return nil
		}
		if d.IsDir() {
			if s.ignore.IgnoredHere(rel, true) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !s.fileKept(rel) {
			return nil
		}
		return fn(rel)
	})
	if errors.Is(err, errStopWalk) {
		return nil
	}
	return err
}

// relTo returns rel relative to dir (both workspace-relative).
func relTo(dir, rel string) string {
	if dir == "." {
		return rel
	}
	out := rel[len(dir):]
	if len(out) > 0 && out[0] == '/' {
		out = out[1:]
	}
	return path.Clean(out)
}

// fileKept reports whether a file found by walk is neither ignored nor
// forbidden to read.
func (s *session) fileKept(rel string) bool {
	return !s.ignore.IgnoredHere(rel, false) && !s.gate.ReadDenied(rel)
}
