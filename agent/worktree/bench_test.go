package worktree_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/worktree"
)

// BenchmarkCreateOn10kFiles is the time to make a worktree conversation's
// tree of a 10,000-file repository (git worktree add of HEAD), the part of
// opening such a conversation that grows with the repository.
func BenchmarkCreateOn10kFiles(b *testing.B) {
	dir := b.TempDir()
	gitT(b, dir, "init", "-q")
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
	gitT(b, dir, "add", "-A")
	gitT(b, dir, "commit", "-q", "-m", "10k files")
	s := worktree.NewStore(b.TempDir())
	var total time.Duration
	for b.Loop() {
		start := time.Now()
		tr, err := s.Create(b.Context(), dir)
		if err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		b.StopTimer()
		if err := s.Discard(b.Context(), tr.ID); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/create")
}
