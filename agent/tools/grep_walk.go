package tools

import (
	"context"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"sync/atomic"
)

// dirHandle is an open directory shared by the walker and the workers that
// read its files; the last one done closes it.
type dirHandle struct {
	root *os.Root
	refs atomic.Int32
}

func (d *dirHandle) release() {
	if d.refs.Add(-1) == 0 {
		d.root.Close()
	}
}

// fileJob is one file for a grep worker: a name inside an open directory.
type fileJob struct {
	dir  *dirHandle
	name string
	rel  string
}

// walkJobs sends every regular file under start to jobs, opening each
// directory once, pruning ignored directories. Files are checked against
// the ignore rules by the workers.
func (s *session) walkJobs(ctx context.Context, start string, jobs chan<- fileJob) error {
	root, err := s.root.OpenDir(start)
	if err != nil {
		return err
	}
	return s.walkDirJobs(ctx, root, start, jobs)
}

func (s *session) walkDirJobs(ctx context.Context, root *os.Root, rel string, jobs chan<- fileJob) error {
	d := &dirHandle{root: root}
	d.refs.Store(1) // the walker's own reference
	defer d.release()
	ents, err := readDirSorted(root)
	if err != nil {
		return nil // unreadable directories are skipped, as grep -r does
	}
	for _, e := range ents {
		if err := ctx.Err(); err != nil {
			return err
		}
		child := path.Join(rel, e.Name())
		switch {
		case e.IsDir():
			if s.ignore.IgnoredHere(child, true) {
				continue
			}
			sub, err := root.OpenRoot(e.Name())
			if err != nil {
				continue
			}
			if err := s.walkDirJobs(ctx, sub, child, jobs); err != nil {
				return err
			}
		case e.Type().IsRegular():
			d.refs.Add(1)
			select {
			case jobs <- fileJob{dir: d, name: e.Name(), rel: child}:
			case <-ctx.Done():
				d.release()
				return ctx.Err()
			}
		}
	}
	return nil
}

func readDirSorted(root *os.Root) ([]os.DirEntry, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil && err != io.EOF {
		return nil, err
	}
	slices.SortFunc(ents, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, nil
}
