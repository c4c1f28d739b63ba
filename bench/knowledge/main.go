//go:build unix

// Command knowledge benchmarks Hearth's workspace index against ripgrep on
// the same machine in the same run: build throughput, CPU, RSS and index
// size; query latency by kind (with snippets) versus a warm rg; freshness
// of external and agent writes; a checkout-sized storm; reconcile on
// reopen; a one-shot `hearth search` process against rg. Default corpus:
// $(go env GOROOT)/src.
//
//	go run ./bench/knowledge [-corpus DIR] [-synthetic N] [-runs 50] [-oneshot 11] [-hearth BIN]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/hearth-agent/hearth/gcpolicy"
	"github.com/hearth-agent/hearth/knowledge"
)

func main() {
	corpus := flag.String("corpus", "", "folder to index (default: GOROOT/src); with -synthetic, where the tree is generated, or reused if it exists")
	synthetic := flag.Int("synthetic", 0, "generate a synthetic corpus of N files (~10 KB each) instead")
	runs := flag.Int("runs", 50, "runs per query")
	oneShots := flag.Int("oneshot", 11, "alternated runs of a one-shot hearth search and rg (0: none)")
	hearthBin := flag.String("hearth", "", "the hearth binary for the one-shot runs (default: built from this module)")
	memLimit := flag.Int("memlimit", 0, "Go soft memory limit in MiB (0: none), as an app would set")
	buildGC := flag.Int("buildgc", 75, "GOGC while the index builds (gcpolicy.SetBuildGCPercent; 0: leave it), as the app sets")
	heapFloor := flag.Int("heapfloor", 0, "MiB the heap may grow past what a collection left live before the next (gcpolicy.KeepHeapFloor; 0: none), as the desktop app keeps 32")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	baseline := flag.Bool("baseline", false, "first build the corpus with bleve's default mapping, content stored (the issue's prototype), in a child process, for a build ratio that holds across machines")
	baselineOnly := flag.Bool("baseline-only", false, "build only the baseline (the child process of -baseline)")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if *memLimit > 0 {
		debug.SetMemoryLimit(int64(*memLimit) << 20)
	}
	gcpolicy.SetBuildGCPercent(*buildGC)
	knowledge.OnBuild(gcpolicy.LowerGCForBuild)
	if *heapFloor > 0 {
		defer gcpolicy.KeepHeapFloor(uint64(*heapFloor) << 20)()
	}
	if *baselineOnly {
		if err := baselineBuild(*corpus); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*corpus, *synthetic, *runs, *baseline, *oneShots, *hearthBin); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func run(corpus string, synthetic, runs int, baseline bool, oneShots int, hearth string) error {
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "hearth-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if synthetic > 0 {
		if corpus == "" {
			corpus = filepath.Join(tmp, "corpus")
		}
		// A corpus folder that already exists is taken as generated
		// before (the same seed gives the same tree), so alternating runs
		// of two binaries read one tree.
		if _, err := os.Stat(corpus); err != nil {
			fmt.Printf("generating %d synthetic files...\n", synthetic)
			if err := generate(corpus, synthetic); err != nil {
				return err
			}
		}
	} else if corpus == "" {
		corpus = filepath.Join(runtime.GOROOT(), "src")
	}
	cache := filepath.Join(tmp, "cache")
	fmt.Printf("corpus %s, GOMAXPROCS %d, GOGC %d, memory limit %d MiB\n\n", corpus, runtime.GOMAXPROCS(0), debug.SetGCPercent(debug.SetGCPercent(100)), debug.SetMemoryLimit(-1)>>20)
	if baseline {
		// A child process, so its memory does not count in this one's peak.
		self, err := os.Executable()
		if err != nil {
			return err
		}
		cmd := exec.Command(self, "-baseline-only", "-corpus", corpus)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("baseline: %w", err)
		}
	}

	// Build.
	peaks := sampleRSS()
	cpu0, wall0 := cpuSeconds(), time.Now()
	x, err := knowledge.Open(ctx, knowledge.Options{Workspace: corpus, CacheDir: cache, NoWatch: true})
	if err != nil {
		return err
	}
	word, qs := "func", goQueries
	if synthetic > 0 {
		if qs, err = syntheticQueries(corpus); err != nil {
			return err
		}
		word = "config"
	}
	first := firstResults(ctx, x, wall0, word)
	if err := x.Wait(ctx); err != nil {
		return err
	}
	wall, cpu := time.Since(wall0), cpuSeconds()-cpu0
	st := x.Status()
	idxBytes := x.IndexBytes()
	mb := float64(st.Bytes) / 1e6
	fmt.Printf("BUILD  %d files, %.1f MB text in %.2fs wall, %.2f CPU-s: %.1f MB/s; first results after %v\n",
		st.Files, mb, wall.Seconds(), cpu, mb/wall.Seconds(), first.Round(time.Millisecond))
	anon, file := peaks()
	fmt.Printf("       peak RSS %.0f MB (sampled: anonymous %.0f MB, file-backed index pages %.0f MB); index %.1f MB = %.2fx text\n",
		peakRSSMB(), anon, file, float64(idxBytes)/1e6, float64(idxBytes)/float64(st.Bytes))
	if err := x.Close(); err != nil {
		return err
	}

	if oneShots > 0 {
		if hearth == "" {
			if hearth, err = buildHearth(ctx, tmp); err != nil {
				return err
			}
		}
		oneShot(ctx, hearth, corpus, cache, oneShots)
	}

	// Reopen unchanged: reconcile only.
	t0 := time.Now()
	x, err = knowledge.Open(ctx, knowledge.Options{Workspace: corpus, CacheDir: cache})
	if err != nil {
		return err
	}
	defer x.Close()
	if err := x.Wait(ctx); err != nil {
		return err
	}
	reopened := time.Since(t0)
	debug.FreeOSMemory()
	atReopen := currentRSSMB()
	// Steady means idle: the merges a reopen may start read whole segments
	// into memory until they finish.
	settled := settle()
	debug.FreeOSMemory()
	anon, file = rssParts()
	fmt.Printf("REOPEN reconcile of an unchanged tree %v (%d files re-read); watcher %s\n",
		reopened.Round(time.Millisecond), x.Status().FilesDone, x.Status().Watcher)
	fmt.Printf("       steady RSS %.0f MB (anonymous %.0f, file-backed %.0f) once background merging settled %v after the reconcile (%.0f MB right after it)\n\n",
		currentRSSMB(), anon, file, settled.Round(10*time.Millisecond), atReopen)
	queries(ctx, x, corpus, runs, qs)
	if synthetic == 0 {
		freshness(ctx, x, corpus, tmp)
	}
	return nil
}

// settle waits until the process is idle (the index's merger has
// finished what the build left) and returns how long that took; a
// minute at most.
func settle() time.Duration {
	t0 := time.Now()
	for time.Since(t0) < time.Minute {
		c0 := cpuSeconds()
		time.Sleep(250 * time.Millisecond)
		if cpuSeconds()-c0 < 0.02 {
			break
		}
	}
	return time.Since(t0)
}

// firstResults polls a common word from Open until the first hit.
func firstResults(ctx context.Context, x *knowledge.Index, start time.Time, word string) time.Duration {
	for {
		if r, err := x.Search(ctx, word, 1); err == nil && len(r.Hits) > 0 {
			return time.Since(start)
		}
		if x.Status().State != knowledge.StateBuilding {
			return time.Since(start)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func peakRSSMB() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Maxrss) / 1024 // KiB on Linux
}

// sampleRSS polls the process's anonymous and file-backed resident
// memory every 20 ms; the returned func stops it and gives the peaks in
// MB. File-backed pages are the index's mapped segments: page cache the
// kernel can reclaim, unlike the heap.
func sampleRSS() func() (anon, file float64) {
	stop := make(chan struct{})
	done := make(chan [2]float64)
	go func() {
		var peak [2]float64
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			a, f := rssParts()
			peak[0], peak[1] = max(peak[0], a), max(peak[1], f)
			select {
			case <-stop:
				done <- peak
				return
			case <-t.C:
			}
		}
	}()
	return func() (float64, float64) {
		close(stop)
		p := <-done
		return p[0], p[1]
	}
}

func rssParts() (anon, file float64) {
	m := procStatusMB("RssAnon", "RssFile")
	return m["RssAnon"], m["RssFile"]
}

func currentRSSMB() float64 { return procStatusMB("VmRSS")["VmRSS"] }

// procStatusMB reads the named kB fields of /proc/self/status, in MB.
func procStatusMB(keys ...string) map[string]float64 {
	out := map[string]float64{}
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return out
	}
	for _, l := range strings.Split(string(data), "\n") {
		name, val, ok := strings.Cut(l, ":")
		if !ok || !slices.Contains(keys, name) {
			continue
		}
		var kb float64
		fmt.Sscanf(strings.TrimSpace(val), "%f", &kb)
		out[name] = kb / 1024
	}
	return out
}
