package knowledge

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// source is one indexed tree: the workspace (label "") or a knowledge
// folder added in Settings, labelled so results say where they came from.
type source struct {
	label   string
	root    string // absolute, cleaned
	matcher *ignore.Matcher
}

// docID names a file in the index: the workspace-relative path for the
// workspace, "label:rel" for knowledge folders (labels cannot hold ':').
func (s *source) docID(rel string) string {
	if s.label == "" {
		return rel
	}
	return s.label + ":" + rel
}

// fileStat is what reconcile compares: a file is re-read when either
// differs from what was indexed.
type fileStat struct {
	size  int64
	mtime int64 // UnixNano
}

// diskFile is a file found by a walk.
type diskFile struct {
	src *source
	rel string // slash-separated, relative to src.root
	fileStat
}

func (f diskFile) id() string  { return f.src.docID(f.rel) }
func (f diskFile) abs() string { return filepath.Join(f.src.root, filepath.FromSlash(f.rel)) }

// walker walks sources honouring ignore rules. It never descends a
// symlinked directory: one leading out would index what is not the
// source's, and one within is indexed at its real path.
type walker struct {
	// onDir is called before a directory is listed, so a watch added there
	// sees every file created after the listing started.
	onDir  func(src *source, rel, abs string)
	within string // real path of the source being walked

	// Without onDir, directories are listed ahead on up to GOMAXPROCS
	// goroutines (slots) while the walk goes on in order: a one-shot's
	// reconcile is a stat of every file, which one goroutine left to wait
	// on the kernel.
	slots chan struct{}
	ahead sync.WaitGroup
}

// walk walks src below rel ("" for the root), calling fn for every
// regular file that is not ignored, in the order of a depth-first walk.
func (w *walker) walk(ctx context.Context, src *source, rel string, fn func(diskFile)) error {
	w.within, _ = filepath.EvalSymlinks(src.root)
	if rel != "" && src.matcher.Ignored(rel, true) {
		return nil
	}
	if rel != "" && linkOnPath(src.root, rel) {
		return nil // a scope at or through a symlinked directory
	}
	if w.onDir == nil && w.slots == nil {
		w.slots = make(chan struct{}, runtime.GOMAXPROCS(0))
	}
	defer w.ahead.Wait()
	return w.dir(ctx, src, rel, filepath.Join(src.root, filepath.FromSlash(rel)), fn, nil)
}

// entry is a listed directory entry that is not ignored.
type entry struct {
	rel, abs string
	dir      bool
	stat     fileStat // of a file
}

// listing is a directory's entries, listed ahead.
type listing struct {
	entries []entry
	err     error
	done    chan struct{}
}

// lookAhead bounds how many subdirectories past the one walked may be
// listed ahead.
const lookAhead = 8

func (w *walker) dir(ctx context.Context, src *source, rel, abs string, fn func(diskFile), pre *listing) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var entries []entry
	var err error
	if pre != nil {
		<-pre.done
		entries, err = pre.entries, pre.err
	} else {
		if w.onDir != nil {
			w.onDir(src, rel, abs)
		}
		entries, err = w.list(src, rel, abs)
	}
	if err != nil {
		if rel == "" {
			return err
		}
		return nil // vanished or unreadable subdirectory: skip, like a grep
	}
	ahead := make(map[int]*listing)
	for i, e := range entries {
		if !e.dir {
			fn(diskFile{src: src, rel: e.rel, fileStat: e.stat})
			continue
		}
		w.listAhead(ctx, src, entries, i, ahead)
		if err := w.dir(ctx, src, e.rel, e.abs, fn, ahead[i]); err != nil && ctx.Err() != nil {
			return err
		}
		delete(ahead, i)
	}
	return nil
}

// listAhead starts listings of the subdirectories from entries[from] on,
// up to lookAhead of them, while slots are free.
func (w *walker) listAhead(ctx context.Context, src *source, entries []entry, from int, ahead map[int]*listing) {
	if w.slots == nil {
		return
	}
	seen := 0
	for j := from; j < len(entries) && seen < lookAhead; j++ {
		if !entries[j].dir {
			continue
		}
		seen++
		if ahead[j] != nil {
			continue
		}
		select {
		case w.slots <- struct{}{}:
		default:
			return
		}
		l := &listing{done: make(chan struct{})}
		ahead[j] = l
		e := entries[j]
		w.ahead.Add(1)
		go func() {
			defer w.ahead.Done()
			defer func() { <-w.slots }()
			defer close(l.done)
			if l.err = ctx.Err(); l.err == nil {
				l.entries, l.err = w.list(src, e.rel, e.abs)
			}
		}()
	}
}

// list reads a directory: its subdirectories and files (a link counts
// when it resolves to a file inside the source), less what is ignored,
// the files with their stat.
func (w *walker) list(src *source, rel, abs string) ([]entry, error) {
	des, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(des))
	for i, e := range des {
		names[i] = e.Name()
	}
	src.matcher.Listed(rel, names)
	out := make([]entry, 0, len(des))
	for _, e := range des {
		childRel := path.Join(rel, e.Name())
		childAbs := filepath.Join(abs, e.Name())
		typ := e.Type()
		switch {
		case typ&fs.ModeSymlink != 0:
			// A linked file counts only when it resolves inside the source.
			info, err := os.Stat(childAbs)
			if err != nil || !info.Mode().IsRegular() || !resolvesWithin(childAbs, w.within) ||
				src.matcher.IgnoredHere(childRel, false) {
				continue
			}
			out = append(out, entry{rel: childRel, abs: childAbs, stat: statOf(info)})
		case e.IsDir():
			if !src.matcher.IgnoredHere(childRel, true) {
				out = append(out, entry{rel: childRel, abs: childAbs, dir: true})
			}
		case typ.IsRegular():
			if src.matcher.IgnoredHere(childRel, false) {
				continue
			}
			info, err := e.Info()
			if err != nil {
				continue
			}
			out = append(out, entry{rel: childRel, abs: childAbs, stat: statOf(info)})
		}
	}
	return out, nil
}

func statOf(info fs.FileInfo) fileStat {
	return fileStat{size: info.Size(), mtime: info.ModTime().UnixNano()}
}

// statFile checks one path on disk: ok is false when it is missing,
// ignored, or not a regular file (after following a symlink).
func statFile(src *source, rel string) (diskFile, bool) {
	if src.matcher.Ignored(rel, false) {
		return diskFile{}, false
	}
	abs := filepath.Join(src.root, filepath.FromSlash(rel))
	info, err := os.Stat(abs)
	if err != nil || !info.Mode().IsRegular() {
		return diskFile{}, false
	}
	if root, err := filepath.EvalSymlinks(src.root); err != nil || !resolvesWithin(abs, root) {
		return diskFile{}, false // a link, or a path through one, leading out
	}
	return diskFile{src: src, rel: rel, fileStat: statOf(info)}, true
}

// resolvesWithin reports whether abs, its links followed, is inside the
// directory whose real path is root.
func resolvesWithin(abs, root string) bool {
	real, err := filepath.EvalSymlinks(abs)
	return err == nil && isWithin(real, root)
}

// linkOnPath reports whether a directory on slash-separated rel below root
// is a symbolic link (or cannot be checked).
func linkOnPath(root, rel string) bool {
	p := root
	for _, name := range strings.Split(rel, "/") {
		p = filepath.Join(p, name)
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// errNotDir is returned when a workspace or folder is not a directory.
var errNotDir = errors.New("not a directory")

func (s *source) absPath(rel string) string {
	if rel == "" || strings.HasSuffix(s.root, string(filepath.Separator)) {
		return filepath.Join(s.root, filepath.FromSlash(rel))
	}
	// rel is an indexed id, already clean: Join's cleaning pass was a
	// visible share of a phrase query that reads many candidate files.
	return s.root + string(filepath.Separator) + filepath.FromSlash(rel)
}

func isWithin(p, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
