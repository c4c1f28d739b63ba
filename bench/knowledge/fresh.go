//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hearth-agent/hearth/knowledge"
)

func freshness(ctx context.Context, x *knowledge.Index, corpus, tmp string) {
	// Work on a copy-free scratch dir inside a private workspace so the
	// corpus is never modified.
	ws := filepath.Join(tmp, "fresh")
	_ = os.MkdirAll(filepath.Join(ws, "src"), 0o755)
	y, err := knowledge.Open(ctx, knowledge.Options{Workspace: ws, CacheDir: filepath.Join(tmp, "cache2")})
	if err != nil {
		fmt.Println("freshness:", err)
		return
	}
	defer y.Close()
	_ = y.Wait(ctx)

	var ext, agent []time.Duration
	for i := 0; i < 30; i++ {
		word := fmt.Sprintf("extsaved%d", i)
		p := filepath.Join(ws, "src", fmt.Sprintf("f%d.go", i))
		t0 := time.Now()
		_ = os.WriteFile(p, []byte("package x\n// "+word+"\n"), 0o644)
		for {
			if r, _ := y.Search(ctx, word, 1); r.Total == 1 {
				break
			}
			if time.Since(t0) > 10*time.Second {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
		ext = append(ext, time.Since(t0))

		word = fmt.Sprintf("agentwrote%d", i)
		p = filepath.Join(ws, "src", fmt.Sprintf("g%d.go", i))
		t0 = time.Now()
		_ = os.WriteFile(p, []byte("package x\n// "+word+"\n"), 0o644)
		_ = y.Reindex(ctx, p)
		r, _ := y.Search(ctx, word, 1)
		agent = append(agent, time.Since(t0))
		if r.Total != 1 {
			fmt.Println("  agent write not visible after Reindex!")
		}
	}
	fmt.Printf("FRESHNESS external save -> searchable p50 %s p99 %s; agent write+Reindex -> searchable p50 %s p99 %s\n",
		fmtDur(pct(ext, 50)), fmtDur(pct(ext, 99)), fmtDur(pct(agent, 50)), fmtDur(pct(agent, 99)))

	// A checkout-sized storm: 2,500 files in new directories.
	const n = 2500
	for i := 0; i < n; i++ {
		p := filepath.Join(ws, "checkout", fmt.Sprintf("pkg%d", i%50), fmt.Sprintf("f%d.go", i))
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		_ = os.WriteFile(p, []byte(fmt.Sprintf("package p\n// stormword file%d\n", i)), 0o644)
	}
	t0 := time.Now()
	got := 0
	for time.Since(t0) < 30*time.Second {
		r, _ := y.Search(ctx, "stormword", 1)
		if got = r.Total; got == n {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Printf("STORM  %d files written: %d searchable %v after the last write (lost: %d)\n",
		n, got, time.Since(t0).Round(time.Millisecond), n-got)
}
