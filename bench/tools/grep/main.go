// Command grep benchmarks the grep tool against ripgrep over a generated
// tree and prints both timings and their ratio.
//
//	go run ./bench/tools/grep -files 50000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

func main() {
	files := flag.Int("files", 50000, "files in the generated tree")
	runs := flag.Int("runs", 5, "timed runs of each tool")
	pattern := flag.String("pattern", `func Handle[A-Z][a-z]+Retry`, "regular expression searched")
	keep := flag.String("dir", "", "generate into this directory and keep it (default: a temp dir)")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the hearth runs to this file")
	flag.Parse()
	if err := run(*files, *runs, *pattern, *keep, *profile); err != nil {
		fmt.Fprintln(os.Stderr, "grep bench:", err)
		os.Exit(1)
	}
}

func run(files, runs int, pattern, dir, profile string) error {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "hearth-grep-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	start := time.Now()
	size, err := generate(dir, files)
	if err != nil {
		return err
	}
	fmt.Printf("tree: %d files, %.1f MB, generated in %s\n", files, float64(size)/(1<<20), time.Since(start).Round(time.Millisecond))

	list, err := tools.Builtin(tools.Config{Workspace: dir})
	if err != nil {
		return err
	}
	var grep tool.Tool
	for _, t := range list {
		if t.Definition().Name == "grep" {
			grep = t
		}
	}
	args, _ := json.Marshal(tools.GrepParams{Pattern: pattern, MaxResults: 1000})
	var out string
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ourRun := func() error {
		var err error
		out, err = grep.Run(context.Background(), args)
		return err
	}
	rg, rgErr := exec.LookPath("rg")
	var rgOut []byte
	rgRun := func() error {
		cmd := exec.Command(rg, "-n", "--no-heading", pattern, ".")
		cmd.Dir = dir
		var err error
		rgOut, err = cmd.Output()
		if err != nil {
			return fmt.Errorf("rg: %w", err)
		}
		return nil
	}
	// Runs alternate so that load from other processes hits both alike.
	var ours, theirs []time.Duration
	for range runs {
		d, err := timed(ourRun)
		if err != nil {
			return err
		}
		ours = append(ours, d)
		if rgErr == nil {
			d, err := timed(rgRun)
			if err != nil {
				return err
			}
			theirs = append(theirs, d)
		}
	}
	fmt.Printf("hearth grep: median %s over %d runs (%d lines of output)\n", median(ours), runs, strings.Count(out, "\n")+1)
	if rgErr != nil {
		fmt.Println("ripgrep not installed: no ratio")
		return nil
	}
	fmt.Printf("ripgrep:     median %s over %d runs (%d lines of output)\n", median(theirs), runs, strings.Count(string(rgOut), "\n"))
	fmt.Printf("ratio hearth/ripgrep: %.2fx\n", float64(median(ours))/float64(median(theirs)))
	return nil
}

func timed(fn func() error) (time.Duration, error) {
	start := time.Now()
	err := fn()
	return time.Since(start), err
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Microsecond)
}

// generate writes a source-like tree: nested packages of Go files, a few
// matching lines, and an ignored dependency folder both tools skip.
func generate(dir string, files int) (int64, error) {
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("alpha beta gamma delta request response client server retry timeout config handler value index cache store token buffer stream reader writer")
	var total int64
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("vendored/\n"), 0o644); err != nil {
		return 0, err
	}
	for i := range files {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%03d", i%300), fmt.Sprintf("mod%02d", (i/300)%20))
		if i%50 == 0 {
			sub = filepath.Join(dir, "vendored", fmt.Sprintf("dep%03d", i%100))
		}
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return 0, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "package mod%d\n\n", i%20)
		for l := range 40 {
			w1, w2 := words[r.IntN(len(words))], words[r.IntN(len(words))]
			if i%1000 == 7 && l == 20 {
				fmt.Fprintf(&b, "func HandleUploadRetry(%s int) error { return nil }\n", w1)
				continue
			}
			fmt.Fprintf(&b, "\t%s := %s.%s(%d) // %s %s\n", w1, w2, strings.ToUpper(w1[:1])+w1[1:], r.IntN(1000), w2, w1)
		}
		name := filepath.Join(sub, fmt.Sprintf("file%05d.go", i))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			return 0, err
		}
		total += int64(b.Len())
	}
	return total, nil
}
