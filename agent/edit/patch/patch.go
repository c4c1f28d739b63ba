// Package patch applies the SEARCH/REPLACE blocks of an LLM reply to a
// workspace as one unit: every block is validated in memory first, in order,
// each against the file as changed by the blocks before it, and files are
// written only when every block applies.
package patch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

// ErrOutside reports a block path that leaves the workspace.
var ErrOutside = errors.New("path is outside the workspace")

var winAbs = regexp.MustCompile(`^[A-Za-z]:`)

// ErrNotExist reports a block whose SEARCH text targets a missing file.
var ErrNotExist = errors.New("file does not exist (an empty SEARCH creates it)")

// Result is the outcome of one block.
type Result struct {
	Block   int    // 1-based
	Path    string // workspace-relative, slash-separated when valid
	Created bool   // the block creates the file
	Err     error  // nil when the block applies
}

type file struct {
	rel     string
	orig    []byte
	content []byte
	exists  bool
	mode    fs.FileMode
}

// Plan is the validated outcome of a reply. Nothing is written until Write.
type Plan struct {
	Results []Result
	root    *os.Root
	files   []*file // in first-touched order
}

// OK reports whether every block applies.
func (p *Plan) OK() bool {
	for _, r := range p.Results {
		if r.Err != nil {
			return false
		}
	}
	return true
}

// Failed counts the blocks that do not apply.
func (p *Plan) Failed() int {
	n := 0
	for _, r := range p.Results {
		if r.Err != nil {
			n++
		}
	}
	return n
}

// Prepare validates blocks against the files under root without writing.
func Prepare(ctx context.Context, root *os.Root, blocks []edit.Block) *Plan {
	p := &Plan{root: root}
	byRel := map[string]*file{}
	for i, b := range blocks {
		r := Result{Block: i + 1, Path: b.Path}
		if err := ctx.Err(); err != nil {
			r.Err = err
			p.Results = append(p.Results, r)
			continue
		}
		rel, err := Resolve(root.Name(), b.Path)
		if err != nil {
			r.Err = err
			p.Results = append(p.Results, r)
			continue
		}
		r.Path = filepath.ToSlash(rel)
		f, ok := byRel[rel]
		if !ok {
			if f, err = load(root, rel); err != nil {
				r.Err = err
				p.Results = append(p.Results, r)
				continue
			}
			byRel[rel] = f
			p.files = append(p.files, f)
		}
		e := b.Edit()
		if !f.exists && f.content == nil && strings.TrimSpace(e.Search) != "" {
			r.Err = ErrNotExist
			p.Results = append(p.Results, r)
			continue
		}
		r.Created = !f.exists && f.content == nil
		out, err := edit.ApplyWith(f.content, []edit.Edit{e}, edit.Options{
			Elsewhere: func(search string) []string { return elsewhere(byRel, rel, search) },
		})
		if err != nil {
			r.Err = err
		} else {
			f.content = out
		}
		p.Results = append(p.Results, r)
	}
	return p
}

// Resolve turns a block path into a workspace-relative one. Absolute paths
// are accepted only inside workspace; anything leaving it is ErrOutside.
// The os.Root used for the access is what stops symlinks pointing out.
func Resolve(workspace, p string) (string, error) {
	if p == "" || strings.ContainsRune(p, 0) {
		return "", fmt.Errorf("%q: %w", p, ErrOutside)
	}
	// Windows drive and UNC paths never name a workspace file, on any system.
	if s := strings.ReplaceAll(p, "\\", "/"); winAbs.MatchString(s) || strings.HasPrefix(s, "//") {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	// Models on Windows write backslashes; a backslash in a Unix file name
	// is rare enough that treating it as a separator is the safer reading.
	native := filepath.FromSlash(strings.ReplaceAll(p, "\\", "/"))
	if filepath.IsAbs(native) {
		ws, err := filepath.Abs(workspace)
		if err != nil {
			return "", err
		}
		rel, err := filepath.Rel(ws, native)
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("%s: %w", p, ErrOutside)
		}
		native = rel
	}
	if !filepath.IsLocal(native) {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	if native = filepath.Clean(native); native == "." {
		return "", fmt.Errorf("%s names the workspace itself, not a file", p)
	}
	return native, nil
}

func load(root *os.Root, rel string) (*file, error) {
	f := &file{rel: rel, mode: 0o644}
	fi, err := root.Stat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", filepath.ToSlash(rel))
	}
	b, err := root.ReadFile(rel)
	if err != nil {
		return nil, err
	}
	f.orig, f.content, f.exists, f.mode = b, b, true, fi.Mode().Perm()
	return f, nil
}

// elsewhere says which other files of the reply hold the SEARCH text.
func elsewhere(files map[string]*file, self, search string) []string {
	var out []string
	for rel, f := range files {
		if rel == self {
			continue
		}
		for _, n := range edit.Locate(f.content, search) {
			out = append(out, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), n))
		}
	}
	return out
}

// Changed lists the files Write would write, workspace-relative.
func (p *Plan) Changed() []string {
	var out []string
	for _, f := range p.files {
		if !f.exists || !bytes.Equal(f.orig, f.content) {
			out = append(out, filepath.ToSlash(f.rel))
		}
	}
	return out
}

// Write writes every changed file atomically, keeping its mode. It refuses
// a plan with a failed block. Each file is replaced whole; if a later file
// cannot be written, the ones already written are put back (created ones
// removed) so the workspace is left as it was.
func (p *Plan) Write(ctx context.Context) error {
	if !p.OK() {
		return fmt.Errorf("%d block(s) failed: nothing written", p.Failed())
	}
	var done []*file
	for _, f := range p.files {
		if f.exists && bytes.Equal(f.orig, f.content) {
			continue
		}
		err := ctx.Err()
		if err == nil {
			err = atomicfile.Write(p.root, f.rel, f.content, f.mode)
		}
		if err != nil {
			if rerr := p.rollback(done); rerr != nil {
				return fmt.Errorf("writing %s: %w; putting back the files already written failed too: %w",
					filepath.ToSlash(f.rel), err, rerr)
			}
			return fmt.Errorf("writing %s: %w (the files already written were put back)", filepath.ToSlash(f.rel), err)
		}
		done = append(done, f)
	}
	return nil
}

func (p *Plan) rollback(done []*file) error {
	var errs []error
	for _, f := range done {
		var err error
		if f.exists {
			err = atomicfile.Write(p.root, f.rel, f.orig, f.mode)
		} else {
			err = p.root.Remove(f.rel)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
