package knowledge

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"sort"
	"testing"
)

// TestCrashChild is the process that gets killed: it is only run by
// TestCrashDuringIndexing.
func TestCrashChild(t *testing.T) {
	ws, cache := os.Getenv("HEARTH_CRASH_WS"), os.Getenv("HEARTH_CRASH_CACHE")
	if ws == "" {
		t.Skip("helper process")
	}
	progress := make(chan struct{}, 1)
	x, err := Open(context.Background(), Options{Workspace: ws, CacheDir: cache, NoWatch: true, BatchBytes: 4096,
		OnStatus: func(s Status) {
			if s.FilesDone > 0 {
				select {
				case progress <- struct{}{}:
				default:
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	<-progress
	fmt.Println("indexing")
	_ = x.Wait(context.Background()) // killed long before this returns
}

func TestCrashDuringIndexing(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	var want []string
	for i := range 3000 {
		rel := fmt.Sprintf("p%d/f%d.go", i%30, i)
		write(t, ws, rel, fmt.Sprintf("package p\n// crashword unique%d\n", i))
		want = append(want, rel)
	}
	sort.Strings(want)
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), "HEARTH_CRASH_WS="+ws, "HEARTH_CRASH_CACHE="+cache)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() && sc.Text() != "indexing" {
	}
	_ = cmd.Process.Kill() // SIGKILL: no Close, no flush
	_ = cmd.Wait()

	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if got := indexedIDs(t, x); !reflect.DeepEqual(got, want) {
		t.Fatalf("after crash: %d files indexed, want %d", len(got), len(want))
	}
	if got := search(t, x, "crashword").Total; got != len(want) {
		t.Errorf("crashword total %d, want %d", got, len(want))
	}
	if got := search(t, x, "unique2999").Total; got != 1 {
		t.Errorf("unique2999 total %d", got)
	}
	t.Logf("reopen after kill: %+v", x.Status())
}
