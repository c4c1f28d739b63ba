package knowledge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
		return x.reconcile(ctx, scopes, false)
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
