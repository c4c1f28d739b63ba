package worktree_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/worktree"
)

// tenThousandFiles fills dir with 10,000 small source files in 100 folders.
func tenThousandFiles(b *testing.B, dir string) {
	b.Helper()
	for i := range 10_000 {
		p := filepath.Join(dir, fmt.Sprintf("pkg%03d", i/100), fmt.Sprintf("file%05d.go", i))
		if i%100 == 0 {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.WriteFile(p, fmt.Appendf(nil, "package p\n\n// File %d.\nfunc F%d() int { return %d }\n", i, i, i), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCreateOn10kFiles is the time to make a worktree conversation's
// tree of a 10,000-file folder, the part of opening such a conversation
// that grows with the folder: a git worktree add of HEAD in a repository,
// a snapshot copy (and its base copy) elsewhere.
func BenchmarkCreateOn10kFiles(b *testing.B) {
	for _, kind := range []string{"git", "snapshot"} {
		b.Run(kind, func(b *testing.B) {
			dir := b.TempDir()
			tenThousandFiles(b, dir)
			if kind == "git" {
				gitT(b, dir, "init", "-q")
				gitT(b, dir, "add", "-A")
				gitT(b, dir, "commit", "-q", "-m", "10k files")
			}
			s := worktree.NewStore(b.TempDir())
			var total time.Duration
			for b.Loop() {
				start := time.Now()
				tr, err := s.Create(b.Context(), dir)
				if err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
				if tr.Snapshot() != (kind == "snapshot") {
					b.Fatalf("made a %s tree, want %s", map[bool]string{true: "snapshot", false: "git"}[tr.Snapshot()], kind)
				}
				b.StopTimer()
				if err := s.Discard(b.Context(), tr.ID); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/create")
		})
	}
}
