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
}

// dirJob is a directory a walk has yet to list.
type dirJob struct{ rel, abs string }

// walk walks src below rel ("" for the root), calling fn for every
// regular file that is not ignored; fn is never called concurrently.
// Without onDir (a one-shot, which watches nothing) directories are
// listed and their files stat'ed on every core, as a grep does.
func (w *walker) walk(ctx context.Context, src *source, rel string, fn func(diskFile)) error {
	w.within, _ = filepath.EvalSymlinks(src.root)
	if rel != "" && src.matcher.Ignored(rel, true) {
		return nil
	}
	if rel != "" && linkOnPath(src.root, rel) {
		return nil // a scope at or through a symlinked directory
	}
	root := dirJob{rel, filepath.Join(src.root, filepath.FromSlash(rel))}
	if w.onDir != nil {
		return w.serial(ctx, src, root, fn)
	}
	return w.parallel(ctx, src, root, fn)
}

func (w *walker) serial(ctx context.Context, src *source, d dirJob, fn func(diskFile)) error {
	files, dirs, err := w.list(ctx, src, d)
	if err != nil {
		return listErr(ctx, d, err)
	}
	for _, f := range files {
		fn(f)
	}
	for _, sub := range dirs {
		if err := w.serial(ctx, src, sub, fn); err != nil && ctx.Err() != nil {
			return err
		}
	}
	return nil
}

func (w *walker) parallel(ctx context.Context, src *source, root dirJob, fn func(diskFile)) error {
	files, dirs, err := w.list(ctx, src, root)
	if err != nil {
		return listErr(ctx, root, err)
	}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		busy = make(chan struct{}, runtime.GOMAXPROCS(0))
	)
	deliver := func(files []diskFile) {
		mu.Lock()
		defer mu.Unlock()
		for _, f := range files {
			fn(f)
		}
	}
	var visit func(d dirJob)
	spawn := func(dirs []dirJob) {
		for _, d := range dirs {
			select {
			case busy <- struct{}{}: // a core is free: list it there
				wg.Add(1)
				go func() {
					defer func() { <-busy; wg.Done() }()
					visit(d)
				}()
			default:
				visit(d)
			}
		}
	}
	visit = func(d dirJob) {
		files, dirs, err := w.list(ctx, src, d)
		if err != nil {
			return // vanished or unreadable subdirectory, or the walk is cancelled
		}
		deliver(files)
		spawn(dirs)
	}
	deliver(files)
	spawn(dirs)
	wg.Wait()
	return ctx.Err()
}

// listErr is what a walk returns when listing d failed: only the
// source's own root, or a cancelled walk, is an error; a directory that
// vanished or is unreadable is skipped, like a grep.
func listErr(ctx context.Context, d dirJob, err error) error {
	if ctx.Err() != nil || d.rel == "" {
		return err
	}
	return nil
}

// list reads one directory: its regular files that are not ignored, and
// its subdirectories to walk.
func (w *walker) list(ctx context.Context, src *source, d dirJob) (files []diskFile, dirs []dirJob, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if w.onDir != nil {
		w.onDir(src, d.rel, d.abs)
	}
	entries, err := os.ReadDir(d.abs)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	src.matcher.Listed(d.rel, names)
	for _, e := range entries {
		childRel := path.Join(d.rel, e.Name())
		childAbs := filepath.Join(d.abs, e.Name())
		typ := e.Type()
		if typ&fs.ModeSymlink != 0 {
			// A linked file counts only when it resolves inside the source.
			info, err := os.Stat(childAbs)
			if err != nil || !info.Mode().IsRegular() || !resolvesWithin(childAbs, w.within) ||
				src.matcher.IgnoredHere(childRel, false) {
				continue
			}
			files = append(files, diskFile{src: src, rel: childRel, fileStat: statOf(info)})
			continue
		}
		if e.IsDir() {
			if !src.matcher.IgnoredHere(childRel, true) {
				dirs = append(dirs, dirJob{childRel, childAbs})
			}
			continue
		}
		if !typ.IsRegular() || src.matcher.IgnoredHere(childRel, false) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		files = append(files, diskFile{src: src, rel: childRel, fileStat: statOf(info)})
	}
	return files, dirs, nil
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
