package process

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
	"github.com/hearth-agent/hearth/internal/testserve"
)

// startServer starts the test server in tb and waits for its pid files;
// it returns the pids of its whole tree (root first) and its port.
func startServer(t *testing.T, tb *Table) (Started, []int, int) {
	t.Helper()
	dir := t.TempDir()
	st, err := tb.Start(context.Background(), Spec{Command: "server", Cmd: serverCmd(dir)})
	if err != nil {
		t.Fatal(err)
	}
	var f testserve.Files
	eventually.NoError(t, "the server's pid files", func() (err error) {
		f, err = testserve.Read(dir)
		return err
	})
	return st, []int{st.PID, f.Server, f.Child}, f.Port
}

func get(port int) (string, error) {
	resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func allGone(t *testing.T, what string, pids []int) {
	t.Helper()
	eventually.True(t, what, func() bool {
		for _, pid := range pids {
			if !gone(pid) {
				return false
			}
		}
		return true
	})
}

// TestServerAnswersIsSeenListeningAndStopEndsItsTree: a server started in
// the background answers, its port is found from its sockets and told
// once, and Stop leaves nothing of its tree, grandchild included.
func TestServerAnswersIsSeenListeningAndStopEndsItsTree(t *testing.T) {
	tb := NewTable(Options{})
	defer tb.Close()
	st, pids, port := startServer(t, tb)
	if st.ID != "p1" || st.Status != "running" {
		t.Fatalf("started %+v, want p1 running", st.Info)
	}
	body, err := get(port)
	if err != nil || body != testserve.Body {
		t.Fatalf("GET = %q, %v", body, err)
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	eventually.True(t, "the port among the process's", func() bool {
		r, err := tb.Output(context.Background(), "p1", false)
		return err == nil && slices.Contains(r.Ports, addr)
	})
	var news []string
	eventually.True(t, "news of the port", func() bool {
		news = append(news, tb.News()...)
		return len(news) > 0
	})
	if want := "background process p1 (server) is listening on " + addr; !slices.Contains(news, want) {
		t.Fatalf("news %q, want %q", news, want)
	}
	info, err := tb.Stop(context.Background(), "p1")
	if err != nil {
		t.Fatal(err)
	}
	if info.Status != "stopped" || len(info.Ports) != 0 {
		t.Fatalf("after Stop: %+v", info)
	}
	allGone(t, "the server's tree after Stop", pids)
	if n := tb.News(); len(n) != 0 {
		t.Fatalf("a stopped process made news: %q", n)
	}
}

// TestCloseEndsEveryTree: closing the table (its conversation closing)
// ends every process it started, and it starts no more.
func TestCloseEndsEveryTree(t *testing.T) {
	tb := NewTable(Options{})
	_, a, _ := startServer(t, tb)
	_, b, _ := startServer(t, tb)
	tb.Close()
	allGone(t, "both trees after Close", append(a, b...))
	_, err := tb.Start(context.Background(), Spec{Command: "true", Cmd: exec.Command("true")})
	if !errors.Is(err, ErrClosed) {
		t.Fatalf("Start after Close: %v, want ErrClosed", err)
	}
}

// TestKilledOwnerLeavesNoOrphans: when the process owning the table (Hearth)
// is killed with SIGKILL, the background tree ends too.
func TestKilledOwnerLeavesNoOrphans(t *testing.T) {
	dir := t.TempDir()
	self, _ := os.Executable()
	owner := exec.Command(self)
	owner.Env = append(os.Environ(), ownerEnv+"="+dir)
	owner.Stdout, owner.Stderr = os.Stderr, os.Stderr
	if err := owner.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = owner.Process.Kill(); _ = owner.Wait() }()
	var pids []int
	eventually.NoError(t, "the owner's and server's pid files", func() error {
		root, err := readPid(dir, "root.pid")
		if err != nil {
			return err
		}
		f, err := testserve.Read(dir)
		pids = []int{root, f.Server, f.Child}
		return err
	})
	for _, pid := range pids {
		if gone(pid) {
			t.Fatalf("pid %d ended before the owner was killed", pid)
		}
	}
	if err := owner.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = owner.Wait()
	allGone(t, "the tree after its owner was killed", pids)
}

// TestLimit: at most Max run at once; a stopped one makes room.
func TestLimit(t *testing.T) {
	tb := NewTable(Options{Max: func() int { return 1 }})
	defer tb.Close()
	startServer(t, tb)
	_, err := tb.Start(context.Background(), Spec{Command: "true", Cmd: exec.Command("true")})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("second start: %v, want ErrLimit", err)
	}
	if _, err := tb.Stop(context.Background(), "p1"); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Start(context.Background(), Spec{Command: "true", Cmd: exec.Command("true")}); err != nil {
		t.Fatalf("start after stop: %v", err)
	}
	var unknown *UnknownError
	if _, err := tb.Stop(context.Background(), "p9"); !errors.As(err, &unknown) {
		t.Fatalf("Stop(p9): %v, want UnknownError", err)
	}
}

// TestStopWaitsTheGraceBeforeKilling: a process that ignores SIGTERM is
// told, keeps running through the grace period and is killed after it.
func TestStopWaitsTheGraceBeforeKilling(t *testing.T) {
	clock := newFakeClock()
	tb := NewTable(Options{Clock: clock, Grace: time.Minute})
	defer tb.Close()
	line := `trap 'echo got TERM' TERM; echo ready; while :; do sleep 0.05; done`
	st, err := tb.Start(context.Background(), Spec{Command: "stubborn", Cmd: exec.Command("bash", "-c", line)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.Output, "ready") {
		t.Fatalf("first output %q, want ready", st.Output)
	}
	stopped := make(chan Info)
	go func() {
		info, _ := tb.Stop(context.Background(), st.ID)
		stopped <- info
	}()
	eventually.True(t, "the TERM trapped and the grace period begun", func() bool {
		r, _ := tb.Output(context.Background(), st.ID, true)
		return strings.Contains(r.Output, "got TERM") && clock.pending(time.Minute) > 0
	})
	if r, _ := tb.Output(context.Background(), st.ID, false); r.Status != "running" {
		t.Fatalf("status during the grace period = %s", r.Status)
	}
	clock.Advance(time.Minute)
	if info := <-stopped; info.Status != "stopped" {
		t.Fatalf("after the grace: %+v", info)
	}
	allGone(t, "the stubborn process", []int{st.PID})
}

// TestExitIsNews: a process that ends by itself is reported with its code.
func TestExitIsNews(t *testing.T) {
	tb := NewTable(Options{})
	defer tb.Close()
	st, err := tb.Start(context.Background(), Spec{Command: "fails", Cmd: exec.Command("bash", "-c", "echo bye; exit 3")})
	if err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the exit", func() bool {
		l := tb.List()
		return len(l) == 1 && l[0].Status == "exited"
	})
	if l := tb.List(); l[0].ExitCode != 3 || !strings.Contains(st.Output+tb.mustTail(t, st.ID), "bye") {
		t.Fatalf("listed %+v", l[0])
	}
	if n := tb.News(); !slices.Contains(n, "background process p1 (fails) exited with code 3") {
		t.Fatalf("news %q", n)
	}
}

func (t *Table) mustTail(tt *testing.T, id string) string {
	r, err := t.Output(context.Background(), id, true)
	if err != nil {
		tt.Fatal(err)
	}
	return r.Output
}
