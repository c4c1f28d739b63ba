package knowledge

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/watch"
)

// Reindex brings the given paths (absolute, or relative to the workspace)
// in line with the disk before it returns: the agent calls it after
// writing files so its next search sees them. A directory is walked; a
// missing path is removed from the index.
func (x *Index) Reindex(ctx context.Context, paths ...string) error {
	var files []diskFile
	var gone []string
	var scopes []scope
	for _, p := range paths {
		src, rel, err := x.resolve(p)
		if err != nil {
			return err
		}
		info, err := os.Stat(filepath.Join(src.root, filepath.FromSlash(rel)))
		switch {
		case err != nil:
			gone = append(gone, x.idsUnder(src, rel)...)
		case info.IsDir():
			scopes = append(scopes, scope{src: src, rel: rel})
		default:
			if f, ok := statFile(src, rel); ok {
				files = append(files, f)
			} else {
				gone = append(gone, x.idsUnder(src, rel)...)
			}
		}
	}
	if len(gone) > 0 {
		if err := x.commit(nil, gone); err != nil {
			return err
		}
	}
	if len(files) > 0 {
		items := make([]pending, 0, len(files))
		for _, f := range files {
			doc, size, err := readDoc(f, x.opts.MaxFileSize)
			if err != nil {
				doc = nil // commit re-checks the disk
			}
			items = append(items, pending{file: f, doc: doc, size: size})
		}
		if err := x.commit(items, nil); err != nil {
			return err
		}
	}
	if len(scopes) > 0 {
		return x.reconcile(ctx, scopes, false, nil)
	}
	return nil
}

// resolve maps a path to its source and slash-separated relative path.
func (x *Index) resolve(p string) (*source, string, error) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(x.sources[0].root, p)
	}
	p = filepath.Clean(p)
	var best *source
	var bestRel string
	for _, s := range x.sources {
		rel, err := filepath.Rel(s.root, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if best == nil || len(s.root) > len(best.root) {
			best, bestRel = s, rel
		}
	}
	if best == nil {
		return nil, "", fmt.Errorf("knowledge: %s is outside the workspace and knowledge folders", p)
	}
	rel := filepath.ToSlash(bestRel)
	if rel == "." {
		rel = ""
	}
	return best, rel, nil
}

// idsUnder lists indexed ids of src at or below rel.
func (x *Index) idsUnder(src *source, rel string) []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []string
	for id := range x.files {
		if s, r := x.locate(id); s == src && underDir(r, rel) {
			out = append(out, id)
		}
	}
	return out
}

// watched is the index as its watcher sees it (watch.Index): the watcher
// says what changed, the index checks the disk and updates itself.
type watched struct{ x *Index }

var _ watch.Index = watched{}

// startWatcher creates the watcher before the initial walk, which adds a
// watch to each directory before listing it.
func (x *Index) startWatcher(ctx context.Context) {
	w := watch.New(watched{x}, x.opts.PollInterval)
	x.mu.Lock()
	x.w = w
	x.mu.Unlock()
	w.Start(ctx)
}

// changedPath is a path the watcher saw change, in its source.
type changedPath struct {
	src *source
	rel string
}

// Sync brings each path the watcher saw change in line with the disk.
func (wx watched) Sync(ctx context.Context, due []watch.Path, unwatchUnder func(abs string)) {
	x := wx.x
	// forget returns the indexed ids at or below rel (a removed file or
	// directory) and drops watches below it.
	forget := func(src *source, rel, abs string) []string {
		unwatchUnder(abs)
		return x.idsUnder(src, rel)
	}
	var files []diskFile
	var gone []string
	var scopes []scope
	for _, d := range due {
		p := changedPath{src: x.sources[d.Tree], rel: d.Rel}
		abs := filepath.Join(p.src.root, filepath.FromSlash(p.rel))
		base := path.Base(p.rel)
		if p.src.matcher.IsRuleFile(base) {
			dir := path.Dir(p.rel)
			if dir == "." {
				dir = ""
			}
			p.src.matcher.Forget(dir)
			scopes = append(scopes, scope{src: p.src, rel: dir})
			continue
		}
		info, err := os.Lstat(abs)
		switch {
		case err != nil:
			gone = append(gone, forget(p.src, p.rel, abs)...)
		case info.IsDir(): // a symlinked directory is never descended (walker)
			if !p.src.matcher.Ignored(p.rel, true) {
				// It may be a new directory at an old path (removed and
				// recreated): drop what we knew so the walk watches it anew.
				unwatchUnder(abs)
				scopes = append(scopes, scope{src: p.src, rel: p.rel})
			}
		default:
			if f, ok := statFile(p.src, p.rel); ok {
				x.mu.Lock()
				old, had := x.files[f.id()]
				x.mu.Unlock()
				if !had || old != f.fileStat {
					files = append(files, f)
				}
			} else {
				gone = append(gone, forget(p.src, p.rel, abs)...)
			}
		}
	}
	if len(gone) > 0 {
		_ = x.commit(nil, gone)
	}
	if len(files) > 0 {
		_ = x.indexFiles(ctx, files, false)
	}
	if len(scopes) > 0 {
		_ = x.reconcile(ctx, scopes, false, nil)
	}
}

// Rescan walks every source again (after a storm of events, or a poll).
func (wx watched) Rescan(ctx context.Context) { _ = wx.x.reconcile(ctx, nil, false, nil) }

// Watching puts how the watcher watches in the status.
func (wx watched) Watching(state, warning string) {
	wx.x.update(false, func(s *Status) {
		s.Watcher = state
		if warning != "" {
			s.Warning = warning
		}
	})
}

// watchDir has the watcher watch a directory the walk is about to list.
func (x *Index) watchDir(w *watch.Watcher) func(src *source, rel, abs string) {
	return func(src *source, rel, abs string) {
		for tree, s := range x.sources {
			if s == src {
				w.Watch(tree, rel, abs)
				return
			}
		}
	}
}
