package undo

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// Ignorer says which workspace paths a shell scan skips (rel is
// slash-separated). knowledge/ignore's *Matcher satisfies it.
type Ignorer interface {
	Ignored(rel string, isDir bool) bool
}

// ScanOptions tune BeforeShell.
type ScanOptions struct {
	// Ignore skips paths; nil loads the workspace's ignore rules
	// (.gitignore, .hearthignore and the default vendored/VCS trees).
	Ignore Ignorer
	// MaxFile: larger files are watched for changes but not snapshotted,
	// so a change to one is reported as unrestorable. 0 means 8 MB.
	MaxFile int64
	// MaxTotal caps the content a scan snapshots; files past it are
	// watched only. 0 means 256 MB.
	MaxTotal int64
}

// racyWindow: a file modified this close to a scan may change again within
// the same mtime tick, so its content is compared, not just its stat.
const racyWindow = 2 * time.Second

type scanned struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
	v     version // Blob empty when not snapshotted
}

// Scan is the state of the workspace's files before a shell command.
type Scan struct {
	taken  time.Time
	ignore Ignorer
	files  map[string]scanned
	dirs   map[string]bool
}

type cached struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
	sum   string
}

// statCache remembers hashes by path and stat so repeated scans read only
// files that changed.
type statCache struct {
	mu sync.Mutex
	m  map[string]cached
}

// BeforeShell records the workspace's files (stat, and content up to the
// limits) before a shell command runs, so AfterShell can tell which ones
// the command created, changed or deleted and snapshot them for Undo.
func (t *Turn) BeforeShell(ctx context.Context, opt ScanOptions) (*Scan, error) {
	if opt.MaxFile <= 0 {
		opt.MaxFile = 8 << 20
	}
	if opt.MaxTotal <= 0 {
		opt.MaxTotal = 256 << 20
	}
	ws := t.m.Workspace
	ign := opt.Ignore
	if ign == nil {
		m, err := ignore.Load(ws, ignore.Options{})
		if err != nil {
			return nil, fmt.Errorf("undo: %w", err)
		}
		ign = m
	}
	sc := &Scan{taken: time.Now(), ignore: ign, files: map[string]scanned{}, dirs: map[string]bool{}}
	var total int64
	err := walk(ctx, ws, ign, sc.dirs, func(rel string, fi fs.FileInfo) error {
		e := scanned{size: fi.Size(), mtime: fi.ModTime(), mode: fi.Mode().Perm()}
		if fi.Size() <= opt.MaxFile && total+fi.Size() <= opt.MaxTotal {
			sum, err := t.s.snapshot(filepath.Join(ws, filepath.FromSlash(rel)), fi, sc.taken)
			if err != nil {
				return err
			}
			total += fi.Size()
			e.v = version{Exists: true, Mode: e.mode, Blob: sum, Size: fi.Size()}
		}
		sc.files[rel] = e
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sc, nil
}

// snapshot stores the file at abs, reusing the cached hash when its stat is
// unchanged, not racy, and its blob still exists.
func (s *Store) snapshot(abs string, fi fs.FileInfo, now time.Time) (string, error) {
	s.cache.mu.Lock()
	c, ok := s.cache.m[abs]
	s.cache.mu.Unlock()
	if ok && c.size == fi.Size() && c.mtime.Equal(fi.ModTime()) && c.mode == fi.Mode() &&
		now.Sub(fi.ModTime()) > racyWindow && s.hasBlob(c.sum) {
		return c.sum, nil
	}
	b, err := os.ReadFile(abs)
	if err != nil {
		return "", fmt.Errorf("undo: %w", err)
	}
	sum, err := s.putBlob(b)
	if err != nil {
		return "", err
	}
	s.cache.mu.Lock()
	s.cache.m[abs] = cached{size: fi.Size(), mtime: fi.ModTime(), mode: fi.Mode(), sum: sum}
	s.cache.mu.Unlock()
	return sum, nil
}

// ShellChanges is what a shell command did to the workspace's files.
type ShellChanges struct {
	Changed []string // created, modified or deleted; snapshotted for Undo
	// Unrestorable changed but were too large to snapshot before.
	Unrestorable []string
}

// AfterShell compares the workspace with sc and adds every file the command
// created, changed or deleted to the turn (with its state from before the
// command, unless the turn already had it).
func (t *Turn) AfterShell(ctx context.Context, sc *Scan) (*ShellChanges, error) {
	ws := t.m.Workspace
	now := map[string]fs.FileInfo{}
	err := walk(ctx, ws, sc.ignore, nil, func(rel string, fi fs.FileInfo) error {
		now[rel] = fi
		return nil
	})
	if err != nil {
		return nil, err
	}
	ch := &ShellChanges{}
	var recs []fileRec
	for rel, before := range sc.files {
		fi, ok := now[rel]
		if ok && !changed(filepath.Join(ws, filepath.FromSlash(rel)), before, fi, sc.taken) {
			continue
		}
		if before.v.Blob == "" {
			ch.Unrestorable = append(ch.Unrestorable, rel)
			continue
		}
		ch.Changed = append(ch.Changed, rel)
		recs = append(recs, fileRec{Path: rel, Before: before.v})
	}
	for rel := range now {
		if _, ok := sc.files[rel]; !ok {
			ch.Changed = append(ch.Changed, rel)
			// created: undo deletes it, and the directories made for it
			recs = append(recs, fileRec{Path: rel, NewDirs: newDirs(rel, func(d string) bool { return sc.dirs[d] })})
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(t.m.Files)
	for _, r := range recs {
		if t.find(r.Path) < 0 {
			t.m.Files = append(t.m.Files, r)
		}
	}
	if len(t.m.Files) == n {
		return ch, nil
	}
	if err := t.s.saveManifest(t.m); err != nil {
		t.m.Files = t.m.Files[:n]
		return nil, err
	}
	return ch, nil
}

func changed(abs string, before scanned, fi fs.FileInfo, taken time.Time) bool {
	if fi.Size() != before.size || !fi.ModTime().Equal(before.mtime) || fi.Mode().Perm() != before.mode {
		return true
	}
	if taken.Sub(before.mtime) > racyWindow || before.v.Blob == "" {
		return false
	}
	b, err := os.ReadFile(abs)
	return err != nil || hashOf(b) != before.v.Blob
}

// walk calls fn for every regular file under ws that ign does not skip.
// Directories not skipped are added to dirs when it is not nil.
func walk(ctx context.Context, ws string, ign Ignorer, dirs map[string]bool, fn func(rel string, fi fs.FileInfo) error) error {
	return filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == ws {
				return fmt.Errorf("undo: %w", err)
			}
			return nil // unreadable entries are not ours to snapshot
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if p == ws {
			return nil
		}
		rel, _ := filepath.Rel(ws, p)
		rel = filepath.ToSlash(rel)
		if ign.Ignored(rel, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() && dirs != nil {
			dirs[rel] = true
		}
		if !d.Type().IsRegular() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		return fn(rel, fi)
	})
}
