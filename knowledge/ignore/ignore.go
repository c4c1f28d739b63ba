// Package ignore decides which workspace paths Hearth skips: nested
// .gitignore files, .git/info/exclude, .hearthignore and a default list of
// vendored and build trees.
//
// Pattern semantics come from go-git's plumbing/format/gitignore (the
// maintained implementation behind go-git); this package adds what that
// package leaves to its caller: reading the files of each directory lazily,
// ordering them by priority, and git's rule that nothing inside an excluded
// directory can be re-included.
package ignore

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// DefaultSkip lists the directories skipped unless Options.Skip replaces
// it: version-control metadata, dependency trees and tool caches that are
// never the user's own text. Names that are also common source directories
// (build, dist, target) are left to the project's .gitignore.
var DefaultSkip = []string{
	".git/", ".hg/", ".svn/", ".bzr/", ".jj/",
	"node_modules/", "bower_components/", "jspm_packages/", "vendor/",
	".venv/", "venv/", "__pycache__/", ".tox/", ".mypy_cache/", ".pytest_cache/", ".ruff_cache/",
	".gradle/", ".terraform/", ".next/", ".nuxt/", ".svelte-kit/", ".parcel-cache/", ".turbo/",
	".DS_Store",
}

// IgnoreFiles are read in every directory, lowest priority first.
var IgnoreFiles = []string{".gitignore", ".hearthignore"}

// Options tunes a Matcher. The zero value gives git's behaviour plus
// DefaultSkip and .hearthignore.
type Options struct {
	// Skip replaces DefaultSkip when non-nil (use an empty, non-nil slice to
	// skip nothing by default). Entries are gitignore patterns relative to
	// the root and have the lowest priority, so a project's "!vendor/" wins.
	Skip []string
	// Extra patterns have the highest priority (e.g. from Settings).
	Extra []string
	// NoVCSIgnore disables .gitignore and .git/info/exclude (.hearthignore
	// still applies), for folders the user wants indexed in full.
	NoVCSIgnore bool
}

// Matcher answers Ignored for paths under one root. It is safe for
// concurrent use; per-directory rules are read on first use and cached
// until Forget.
type Matcher struct {
	root  string
	base  []rule // defaults and .git/info/exclude
	extra []rule
	files []string

	mu   sync.Mutex
	dirs map[string][]rule // rel dir ("" = root) -> its patterns
}

// Load prepares a Matcher for root. It reads the root-level rules now so a
// broken setup is reported at once; deeper directories are read lazily.
func Load(root string, opts Options) (*Matcher, error) {
	info, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("ignore: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("ignore: %s is not a directory", root)
	}
	m := &Matcher{root: root, dirs: map[string][]rule{}, files: IgnoreFiles}
	skip := opts.Skip
	if skip == nil {
		skip = DefaultSkip
	}
	m.base = parseLines(skip, nil)
	if opts.NoVCSIgnore {
		m.files = []string{".hearthignore"}
	} else {
		ps, err := readPatterns(filepath.Join(root, ".git", "info", "exclude"), nil)
		if err != nil {
			return nil, err
		}
		m.base = append(m.base, ps...)
	}
	m.extra = parseLines(opts.Extra, nil)
	if _, err := m.dirPatterns(""); err != nil {
		return nil, err
	}
	return m, nil
}

// Root is the directory the matcher was loaded for.
func (m *Matcher) Root() string { return m.root }

// Ignored reports whether rel (slash-separated, relative to the root) is
// excluded, either itself or through an excluded parent directory.
func (m *Matcher) Ignored(rel string, isDir bool) bool {
	rel = strings.Trim(filepath.ToSlash(rel), "/")
	if rel == "" || rel == "." {
		return false
	}
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		if m.match(parts[:i], true) {
			return true
		}
	}
	return m.match(parts, isDir)
}

// IgnoredHere is Ignored for a walker that has already checked every
// parent directory of rel: it skips the parent checks.
func (m *Matcher) IgnoredHere(rel string, isDir bool) bool {
	rel = strings.Trim(filepath.ToSlash(rel), "/")
	if rel == "" || rel == "." {
		return false
	}
	return m.match(strings.Split(rel, "/"), isDir)
}

// IsRuleFile reports whether a file named base holds ignore rules, so a
// watcher knows to call Forget and re-examine the directory.
func (m *Matcher) IsRuleFile(base string) bool {
	for _, f := range m.files {
		if f == base {
			return true
		}
	}
	return false
}

// Listed tells the matcher what a listing of relDir ("" for the root)
// found, so a directory holding no rule file is not asked for each of
// them: two failed opens per directory were most of a walk's system calls
// beside the stats. Rules already cached stay until Forget.
func (m *Matcher) Listed(relDir string, names []string) {
	for _, n := range names {
		if m.IsRuleFile(n) {
			return
		}
	}
	relDir = strings.Trim(filepath.ToSlash(relDir), "/")
	if relDir == "." {
		relDir = ""
	}
	m.mu.Lock()
	if _, ok := m.dirs[relDir]; !ok {
		m.dirs[relDir] = nil
	}
	m.mu.Unlock()
}

// Forget drops the cached rules of relDir ("" for the root) so the next
// query re-reads its ignore files.
func (m *Matcher) Forget(relDir string) {
	relDir = strings.Trim(filepath.ToSlash(relDir), "/")
	if relDir == "." {
		relDir = ""
	}
	m.mu.Lock()
	delete(m.dirs, relDir)
	m.mu.Unlock()
}

// match evaluates patterns from the highest priority down; the first
// pattern that matches decides, as in git.
func (m *Matcher) match(parts []string, isDir bool) bool {
	if r := decide(m.extra, parts, isDir); r != gitignore.NoMatch {
		return r == gitignore.Exclude
	}
	// Deepest directory first: its rules override its parents'. Each
	// directory's key is a prefix of one joined path, not a join per level.
	joined := strings.Join(parts, "/")
	end := len(joined)
	for d := len(parts) - 1; d >= 0; d-- {
		end -= len(parts[d])
		if d > 0 {
			end-- // the slash before parts[d]
		}
		ps, err := m.dirPatterns(joined[:end])
		if err != nil {
			continue // unreadable rules: behave as if absent, like git
		}
		if r := decide(ps, parts, isDir); r != gitignore.NoMatch {
			return r == gitignore.Exclude
		}
	}
	return decide(m.base, parts, isDir) == gitignore.Exclude
}

func decide(ps []rule, parts []string, isDir bool) gitignore.MatchResult {
	for i := len(ps) - 1; i >= 0; i-- {
		if r := ps[i].match(parts, isDir); r != gitignore.NoMatch {
			return r
		}
	}
	return gitignore.NoMatch
}

func (m *Matcher) dirPatterns(rel string) ([]rule, error) {
	m.mu.Lock()
	ps, ok := m.dirs[rel]
	m.mu.Unlock()
	if ok {
		return ps, nil
	}
	var domain []string
	if rel != "" {
		domain = strings.Split(rel, "/")
	}
	ps = nil
	for _, name := range m.files {
		more, err := readPatterns(filepath.Join(m.root, filepath.FromSlash(rel), name), domain)
		if err != nil {
			return nil, err
		}
		ps = append(ps, more...)
	}
	m.mu.Lock()
	m.dirs[rel] = ps
	m.mu.Unlock()
	return ps, nil
}

// readPatterns reads one ignore file; a missing file has no patterns.
func readPatterns(path string, domain []string) ([]rule, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ignore: read rules: %w", err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return parseLines(lines, domain), nil
}

func parseLines(lines []string, domain []string) []rule {
	var ps []rule
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
			continue
		}
		ps = append(ps, rule{p: gitignore.ParsePattern(l, domain), name: literalName(l)})
	}
	return ps
}
