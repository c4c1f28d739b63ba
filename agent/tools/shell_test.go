//go:build !windows

package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// alive reports whether pid is a live (not zombie) process.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		if _, perr := os.Stat("/proc/self"); perr != nil {
			return true // no /proc (macOS): Kill's answer stands
		}
		return false
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

func readPID(t *testing.T, file string) int {
	t.Helper()
	var pid int
	eventually.NoError(t, "a pid in "+file, func() error {
		b, err := os.ReadFile(file)
		if err == nil {
			pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		return err
	})
	return pid
}

func TestShellTimeoutKillsGrandchildren(t *testing.T) {
	dir, tl := newWS(t, nil, Config{Approve: ApproveAll})
	// bash -> subshell -> sleep: the sleep is a grandchild of the shell.
	cmd := `(sleep 300 & echo $! > gc.pid; wait); echo never`
	start := time.Now()
	_, err := run(t, tl["shell"], ShellParams{Command: cmd, TimeoutSeconds: 1})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if took := time.Since(start); took > 2500*time.Millisecond {
		t.Errorf("timeout of 1s took %s to return", took)
	}
	gc := readPID(t, filepath.Join(dir, "gc.pid"))
	eventually.True(t, "the timed-out call's grandchild to end", func() bool { return !alive(gc) })
}

func TestShellCancelKillsGroup(t *testing.T) {
	dir, tl := newWS(t, nil, Config{Approve: ApproveAll})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := tl["shell"].Run(ctx, []byte(`{"command":"sleep 300 & echo $! > gc.pid; sleep 300"}`))
		done <- err
	}()
	pid := readPID(t, filepath.Join(dir, "gc.pid"))
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || tool.StatusOf(ctx, err) != tool.StatusCanceled {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(time.Second):
		t.Fatal("cancel did not end the call within 1s")
	}
	eventually.True(t, "the cancelled call's process to end", func() bool { return !alive(pid) })
}

func TestShellLeavesNoOrphans(t *testing.T) {
	dir, tl := newWS(t, nil, Config{Approve: ApproveAll})
	start := time.Now()
	out := mustRun(t, tl["shell"], ShellParams{Command: `sleep 300 & echo $! > bg.pid; echo started`})
	if !strings.Contains(out, "exit code: 0") || !strings.Contains(out, "started") {
		t.Fatalf("output %q", out)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("a background child held the call for %s", time.Since(start))
	}
	bg := readPID(t, filepath.Join(dir, "bg.pid"))
	eventually.True(t, "the call's background child to end", func() bool { return !alive(bg) })
}

func TestShellEnvHasNoProviderKeys(t *testing.T) {
	env := []string{"PATH=" + os.Getenv("PATH"), "OPENAI_API_KEY=sk-openai", "ANTHROPIC_API_KEY=sk-ant",
		"OPENROUTER_API_KEY=sk-or", "GEMINI_API_KEY=g", "HEARTH_SECRET=h", "KEEP_ME=yes"}
	_, tl := newWS(t, nil, Config{Approve: ApproveAll, Env: env})
	out := mustRun(t, tl["shell"], ShellParams{Command: "env"})
	for _, leaked := range []string{"sk-openai", "sk-ant", "sk-or", "GEMINI_API_KEY", "HEARTH_SECRET"} {
		if strings.Contains(out, leaked) {
			t.Errorf("child environment contains %s", leaked)
		}
	}
	if !strings.Contains(out, "KEEP_ME=yes") || !strings.Contains(out, "GIT_PAGER=cat") {
		t.Errorf("child environment lost ordinary variables:\n%s", out)
	}
}

func TestShellOutputCapAndProgress(t *testing.T) {
	_, tl := newWS(t, nil, Config{Approve: ApproveAll})
	var mu sync.Mutex
	var streamed strings.Builder
	ctx := tool.WithProgress(context.Background(), func(_, chunk string) {
		mu.Lock()
		streamed.WriteString(chunk)
		mu.Unlock()
	})
	out, err := tl["shell"].Run(ctx, []byte(`{"command":"echo FIRST; head -c 200000 /dev/zero | tr '\\0' a; echo; echo LAST; exit 3"}`))
	if code, ok := tool.ExitCode(err); !ok || code != 3 {
		t.Fatalf("err = %v, want an ExitError with code 3", err)
	}
	for _, want := range []string{"exit code: 3", "FIRST", "LAST", "bytes of output omitted", "200012 bytes in total"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if len(out) > outputHead+outputTail+200 {
		t.Errorf("output for the model is %d bytes", len(out))
	}
	mu.Lock()
	defer mu.Unlock()
	if streamed.Len() != 200012 {
		t.Errorf("streamed %d bytes, want all 200012", streamed.Len())
	}
}

func TestShellPermission(t *testing.T) {
	dir, tl := newWS(t, map[string]string{"a.txt": "hi\n"}, Config{})
	out := mustRun(t, tl["shell"], ShellParams{Command: "cat a.txt | wc -l"})
	if !strings.Contains(out, "1") {
		t.Errorf("read-only command output %q", out)
	}
	_, err := run(t, tl["shell"], ShellParams{Command: "ls && touch made.txt"})
	var de *tool.DeniedError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "touch") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "made.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a denied command ran")
	}
	_, tlAll := newWS(t, nil, Config{Approve: ApproveAll})
	if _, err := run(t, tlAll["shell"], ShellParams{Command: "rm -rf ~"}); !errors.As(err, &de) {
		t.Fatalf("rm -rf ~ in mode all: %v", err)
	}
	if _, err := run(t, tlAll["shell"], ShellParams{Command: "ls", TimeoutSeconds: 601}); err == nil {
		t.Error("timeout above the maximum accepted")
	}
}
