package process

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/testserve"
)

// The test binary doubles as the programs these tests run: a tiny HTTP
// server with a grandchild (internal/testserve), and a stand-in for Hearth
// that owns a table, so it can be killed with SIGKILL.
const ownerEnv = "HEARTH_PROCESS_TEST_OWNER"

func TestMain(m *testing.M) {
	testserve.Main()
	if dir := os.Getenv(ownerEnv); dir != "" {
		os.Exit(own(dir))
	}
	os.Exit(m.Run())
}

// own stands in for Hearth: it starts the server in the background,
// records the reaper's pid and waits to be killed.
func own(dir string) int {
	tb := NewTable(Options{})
	st, err := tb.Start(context.Background(), Spec{Command: "server", Cmd: serverCmd(dir)})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	_ = os.WriteFile(filepath.Join(dir, "root.pid"), []byte(strconv.Itoa(st.PID)), 0o644)
	select {}
}

// serverCmd runs this binary as the server under bash, as shell does.
func serverCmd(dir string) *exec.Cmd {
	cmd := exec.Command("bash", "-c", `exec "$SELF"`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), testserve.Env(dir), "SELF="+testserve.Self())
	return cmd
}

// readPid reads a pid file the owner wrote, once it exists.
func readPid(dir, name string) (int, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

func gone(pid int) bool { return testserve.Gone(pid) }

// fakeClock fires the waits it handed out once Advance passes them.
type fakeClock struct {
	mu      chan struct{}
	now     time.Time
	waiters []fakeWait
}

type fakeWait struct {
	at time.Time
	c  chan time.Time
}

func newFakeClock() *fakeClock {
	c := &fakeClock{mu: make(chan struct{}, 1), now: time.Unix(1_000_000, 0)}
	return c
}

func (c *fakeClock) lock()   { c.mu <- struct{}{} }
func (c *fakeClock) unlock() { <-c.mu }

func (c *fakeClock) Now() time.Time {
	c.lock()
	defer c.unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.lock()
	defer c.unlock()
	w := fakeWait{at: c.now.Add(d), c: make(chan time.Time, 1)}
	c.waiters = append(c.waiters, w)
	return w.c
}

// Advance moves time on by d and fires what is due.
func (c *fakeClock) Advance(d time.Duration) {
	c.lock()
	defer c.unlock()
	c.now = c.now.Add(d)
	keep := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(c.now) {
			w.c <- c.now
			continue
		}
		keep = append(keep, w)
	}
	c.waiters = keep
}

// pending counts the waits not yet fired that are at least d long.
func (c *fakeClock) pending(d time.Duration) int {
	c.lock()
	defer c.unlock()
	n := 0
	for _, w := range c.waiters {
		if w.at.Sub(c.now) >= d {
			n++
		}
	}
	return n
}
