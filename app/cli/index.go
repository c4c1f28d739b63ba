package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/hearth-agent/hearth/agent/oneshot"
	"github.com/hearth-agent/hearth/knowledge"
)

// buildMemoryLimit is the Go soft memory limit while indexing.
const buildMemoryLimit = 300 << 20

// indexReport is the --json output of hearth index.
type indexReport struct {
	Dir        string  `json:"dir"`
	Files      int     `json:"files"`
	Bytes      int64   `json:"bytes"`
	Reindexed  int     `json:"reindexed"` // files read this run (the rest were unchanged)
	Seconds    float64 `json:"seconds"`
	IndexBytes int64   `json:"index_bytes"`
	IndexDir   string  `json:"index_dir"`
	Warning    string  `json:"warning,omitempty"`
}

func runIndex(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "index", "index [--json] [--cache DIR] DIR\n\n"+
		"Builds or refreshes the search index of DIR and prints files, bytes, seconds and index size.")
	asJSON := fs.Bool("json", false, "print a JSON object")
	cache := fs.String("cache", "", "index cache directory (default: the user cache dir)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageErr(env, fs, "want exactly one DIR")
	}
	if env.Getenv("GOMEMLIMIT") == "" {
		// A soft limit keeps a big first build near 300 MB of RSS (about
		// 400 MB without) for little CPU; GOMEMLIMIT overrides it.
		debug.SetMemoryLimit(buildMemoryLimit)
	}
	start := time.Now()
	opts := knowledge.Options{Workspace: fs.Arg(0), CacheDir: *cache, NoWatch: true, LazyMerge: true}
	// A Hearth holding the index keeps it fresh: say what it holds rather
	// than build a private copy.
	if held, ok, err := oneshot.Index(ctx, opts); ok {
		switch {
		case ctx.Err() != nil:
			fmt.Fprintln(env.Stderr, "hearth index: interrupted")
			return ExitInterrupted
		case err != nil:
			return failure(env, "index", err)
		}
		st := held.Status
		return printIndex(env, *asJSON, indexReport{Dir: fs.Arg(0), Files: st.Files, Bytes: st.Bytes,
			Seconds: time.Since(start).Seconds(), IndexBytes: held.Bytes, IndexDir: held.Dir,
			Warning: "the index is held, and kept fresh, by a running Hearth; it answered"})
	}
	x, err := knowledge.Open(ctx, opts)
	if err != nil {
		return failure(env, "index", err)
	}
	werr := x.Wait(ctx)
	if werr == nil {
		// Left compact, the index has nothing for later one-shots to merge.
		werr = x.Compact(ctx)
	}
	st := x.Status()
	cerr := x.Close() // waits until the index is on disk
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(env.Stderr, "hearth index: interrupted; the next run continues where this one stopped")
		return ExitInterrupted
	case werr != nil:
		return failure(env, "index", werr)
	case cerr != nil:
		return failure(env, "index", cerr)
	}
	return printIndex(env, *asJSON, indexReport{Dir: fs.Arg(0), Files: st.Files, Bytes: st.Bytes, Reindexed: st.FilesDone,
		Seconds: time.Since(start).Seconds(), IndexBytes: x.IndexBytes(), IndexDir: x.Dir(), Warning: st.Warning})
}

func printIndex(env *Env, asJSON bool, r indexReport) int {
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		if err := enc.Encode(r); err != nil {
			return failure(env, "index", err)
		}
		return ExitOK
	}
	if r.Warning != "" {
		fmt.Fprintf(env.Stderr, "hearth index: %s\n", r.Warning)
	}
	fmt.Fprintf(env.Stdout, "%d files, %s, %d re-read, %.2fs; index %s at %s\n",
		r.Files, humanBytes(r.Bytes), r.Reindexed, r.Seconds, humanBytes(r.IndexBytes), r.IndexDir)
	return ExitOK
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
