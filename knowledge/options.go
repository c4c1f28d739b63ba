package knowledge

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// Folder is an extra knowledge folder (docs, notes) indexed with the
// workspace; its results carry Label as their Source.
type Folder struct {
	Label string
	Path  string
}

// Options configures an Index.
type Options struct {
	Workspace string   // the folder to index (required)
	Folders   []Folder // extra knowledge folders
	// CacheDir holds indexes; default os.UserCacheDir()/Hearth/index.
	CacheDir    string
	MaxFileSize int64 // files larger are indexed by name only; default 2 MiB
	Ignore      ignore.Options
	BatchBytes  int  // bytes of text per index batch; default 1 MiB
	NoWatch     bool // no file watching (CLI one-shots)
	// LazyMerge leaves the index's segments as they are, unless they
	// have grown past a bound or Compact is called: a one-shot over an
	// unchanged tree then merges nothing, where a merger started at every
	// open redid (and abandoned at exit) the same merges.
	LazyMerge bool
	// PollInterval is used when the OS watch limit is reached; default 10s.
	PollInterval time.Duration
	// OnStatus, if set, is called (serially, never concurrently) whenever
	// the status changes; progress is coalesced to about 10 calls a second.
	OnStatus func(Status)
}

func (o *Options) defaults() error {
	if o.Workspace == "" {
		return errors.New("knowledge: no workspace given")
	}
	if o.CacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return fmt.Errorf("knowledge: no cache dir: %w", err)
		}
		o.CacheDir = filepath.Join(base, "Hearth", "index")
	}
	if o.MaxFileSize <= 0 {
		o.MaxFileSize = 2 << 20
	}
	if o.BatchBytes <= 0 {
		// A batch's term counts take many times its text while it is
		// built: a bigger batch raises the live heap for no speed, a
		// smaller one slows the build.
		o.BatchBytes = 1 << 20
	}
	if o.PollInterval <= 0 {
		o.PollInterval = 10 * time.Second
	}
	return nil
}

func loadSources(opts Options) ([]*source, error) {
	var out []*source
	add := func(label, dir string) error {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return fmt.Errorf("knowledge: %s: %w", dir, err)
		}
		info, err := os.Stat(abs)
		if err != nil {
			return fmt.Errorf("knowledge: %w", err)
		}
		if !info.IsDir() {
			return fmt.Errorf("knowledge: %s: %w", abs, errNotDir)
		}
		m, err := ignore.Load(abs, opts.Ignore)
		if err != nil {
			return fmt.Errorf("knowledge: %w", err)
		}
		out = append(out, &source{label: label, root: abs, matcher: m})
		return nil
	}
	if err := add("", opts.Workspace); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, f := range opts.Folders {
		if f.Label == "" || strings.ContainsAny(f.Label, ":/\\") || seen[f.Label] {
			return nil, fmt.Errorf("knowledge: folder label %q must be unique, non-empty, without ':' or slashes", f.Label)
		}
		seen[f.Label] = true
		if err := add(f.Label, f.Path); err != nil {
			return nil, err
		}
	}
	return out, nil
}
