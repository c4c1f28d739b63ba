//go:build unix

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/oneshot"
	"github.com/hearth-agent/hearth/knowledge"
)

// oneShotQuery is the query both programs are timed on: a name that many
// files of the Go tree use.
const oneShotQuery = "ReadFile"

// oneShot times `hearth search` as a person runs it, a fresh process
// over the index left in cache, against `rg` on the same query over the
// same tree: runs of each, alternated so both see the same machine
// load, after one warm-up run each; the medians and their ratio.
func oneShot(ctx context.Context, hearth, corpus, cache string, runs int) {
	rg, err := exec.LookPath("rg")
	if err != nil {
		fmt.Println("ONESHOT skipped: rg is not installed (scripts/setup.sh installs ripgrep)")
		return
	}
	search := []string{hearth, "search", "--workspace", corpus, "--cache", cache, oneShotQuery}
	grep := []string{rg, "--line-number", oneShotQuery, corpus}
	var hs, rs []time.Duration
	for i := -1; i < runs; i++ {
		h, err := timeRun(ctx, search)
		if err != nil {
			fmt.Println("ONESHOT hearth search:", err)
			return
		}
		r, err := timeRun(ctx, grep)
		if err != nil {
			fmt.Println("ONESHOT rg:", err)
			return
		}
		if i >= 0 { // the first pair warms the page cache
			hs, rs = append(hs, h), append(rs, r)
		}
	}
	h, r := median(hs), median(rs)
	fmt.Printf("ONESHOT hearth search %q (a fresh process over the built index) median %s vs rg %s over %d alternated runs: ratio %.2f\n",
		oneShotQuery, fmtDur(h), fmtDur(r), runs, h.Seconds()/r.Seconds())
	held(ctx, search, corpus, cache, runs, r)
}

// held times the same one-shot while this process holds the index and
// answers, as an open window does (agent/oneshot); rg's median is the
// one just measured.
func held(ctx context.Context, search []string, corpus, cache string, runs int, rg time.Duration) {
	x, err := knowledge.Open(ctx, knowledge.Options{Workspace: corpus, CacheDir: cache})
	if err == nil {
		err = x.Wait(ctx)
	}
	if err != nil {
		fmt.Println("ONESHOT held:", err)
		return
	}
	defer x.Close()
	defer oneshot.Answer(x)()
	var hs []time.Duration
	for i := -1; i < runs; i++ {
		h, err := timeRun(ctx, search)
		if err != nil {
			fmt.Println("ONESHOT held:", err)
			return
		}
		if i >= 0 {
			hs = append(hs, h)
		}
	}
	h := median(hs)
	fmt.Printf("ONESHOT held: the same search while another process holds the index (the window) median %s over %d runs: ratio to rg %.2f\n\n",
		fmtDur(h), runs, h.Seconds()/rg.Seconds())
}

// timeRun runs argv to completion, its output to a pipe that is drained,
// and returns its wall time.
func timeRun(ctx context.Context, argv []string) (time.Duration, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdout = io.Discard
	var errs strings.Builder
	cmd.Stderr = &errs
	t0 := time.Now()
	err := cmd.Run()
	d := time.Since(t0)
	if err != nil {
		return 0, fmt.Errorf("%w: %s", err, errs.String())
	}
	return d, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// buildHearth builds the hearth binary from the module this bench is run
// in into dir, as the Makefile's build does (`wails build -tags
// webkit2_41`, then scripts/unlink-toolkit.sh): the program people run,
// whose commands start without the desktop's shared libraries.
func buildHearth(ctx context.Context, dir string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	bin := filepath.Join(dir, "hearth")
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", "desktop,production,webkit2_41", "-trimpath", "-ldflags", "-w -s", "-o", bin, ".")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("build hearth (frontend/dist must exist: make frontend): %w", err)
	}
	unlink := exec.CommandContext(ctx, filepath.Join(root, "scripts", "unlink-toolkit.sh"), bin)
	unlink.Dir = root
	unlink.Stderr = os.Stderr
	if err := unlink.Run(); err != nil {
		return "", fmt.Errorf("unlink the toolkit from hearth: %w", err)
	}
	return bin, nil
}
