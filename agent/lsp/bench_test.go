package lsp

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// goModule writes a module of pkgs packages of files files each, every
// file a few functions calling into the next file.
func goModule(b *testing.B, pkgs, files int) string {
	b.Helper()
	ws := b.TempDir()
	os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module example.com/big\n\ngo 1.22\n"), 0o644)
	for p := range pkgs {
		dir := filepath.Join(ws, fmt.Sprintf("p%02d", p))
		os.MkdirAll(dir, 0o755)
		for f := range files {
			var s strings.Builder
			fmt.Fprintf(&s, "package p%02d\n\n", p)
			if p > 0 && f == 0 {
				fmt.Fprintf(&s, "import \"example.com/big/p%02d\"\n\nvar _ = p%02d.F0a\n\n", p-1, p-1)
			}
			fmt.Fprintf(&s, "// F%da is one of many.\nfunc F%da(n int) int { return n + %d }\n\n", f, f, f)
			fmt.Fprintf(&s, "func F%db(s string) string { return s + strconv(F%da(%d)) }\n\n", f, (f+1)%files, f)
			if f == 0 {
				s.WriteString("func strconv(n int) string { return string(rune('a' + n%26)) }\n")
			}
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.go", f)), []byte(s.String()), 0o644)
		}
	}
	return ws
}

// BenchmarkEditWithDiagnostics is the time an edit adds by waiting for
// gopls's diagnostics, on a 1,000-file module with gopls warm: median and
// p95 per edit, and gopls's memory.
func BenchmarkEditWithDiagnostics(b *testing.B) {
	if _, err := exec.LookPath("gopls"); err != nil {
		b.Skip("gopls is not installed")
	}
	ws := goModule(b, 10, 100)
	m := New(Options{Workspace: ws, Wait: time.Minute, ColdWait: 5 * time.Minute, Env: append(os.Environ(), "GOTOOLCHAIN=local")})
	defer m.Close()
	file := filepath.Join(ws, "p05", "f050.go")
	orig, _ := os.ReadFile(file)
	edit := func(i int) (time.Duration, string) {
		old, _ := os.ReadFile(file)
		updated := strings.Replace(string(orig), "return n + 50", "return n + "+strconv.Itoa(1000+i), 1)
		start := time.Now()
		after := m.Before(context.Background(), file, old, true)
		os.WriteFile(file, []byte(updated), 0o644)
		note := after(context.Background(), []byte(updated))
		return time.Since(start), note
	}
	for i := range 3 { // warm: the workspace loaded, the file open
		if _, note := edit(-1 - i); note != "" {
			b.Fatalf("warm-up edit reported %q", note)
		}
	}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		d, note := edit(i)
		if note != "" {
			b.Fatalf("a harmless edit reported %q", note)
		}
		took = append(took, d)
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(took[(len(took)*95)/100].Microseconds())/1000, "ms-p95")
	if rss := rssMB(m.servers["go"].c.cmd.Process.Pid); rss > 0 {
		b.ReportMetric(rss, "gopls-MB")
	}
}

// rssMB is a process's resident memory (Linux), 0 where unknown.
func rssMB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}
