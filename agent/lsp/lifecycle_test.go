package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// fakeClock moves only when told to, firing the timers that come due.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Unix(1_000_000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []func()
	for _, t := range c.timers {
		if !t.stopped && !t.at.After(c.now) {
			t.stopped = true
			due = append(due, t.f)
		}
	}
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

// crashingServer builds a language server that notes each start in a
// file, says why on stderr and exits at once.
func crashingServer(t *testing.T) (binDir, starts string) {
	t.Helper()
	src := t.TempDir()
	write(t, filepath.Join(src, "go.mod"), "module fakels\n\ngo 1.22\n")
	write(t, filepath.Join(src, "main.go"), `package main

import (
	"fmt"
	"os"
)

func main() {
	f, _ := os.OpenFile(os.Getenv("FAKELS_STARTS"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	fmt.Fprintln(f, "start")
	f.Close()
	fmt.Fprintln(os.Stderr, "fakels: segmentation fault, pretend")
	os.Exit(3)
}
`)
	binDir = t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, "fakels"), ".")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build fake server: %v\n%s", err, out)
	}
	return binDir, filepath.Join(t.TempDir(), "starts")
}

func startsIn(t *testing.T, path string) int {
	b, _ := os.ReadFile(path)
	return strings.Count(string(b), "start")
}

func TestCrashingServerRestartsWithBackoffThenStaysOff(t *testing.T) {
	bin, starts := crashingServer(t)
	ws := t.TempDir()
	abs := filepath.Join(ws, "a.fk")
	write(t, abs, "x")
	clock := newFakeClock()
	m := New(Options{
		Workspace: ws, Clock: clock, Wait: time.Minute,
		Env:       []string{"PATH=" + bin, "FAKELS_STARTS=" + starts},
		Backoff:   []time.Duration{time.Second, 5 * time.Second},
		Languages: []Language{{Name: "fake", Files: map[string]string{".fk": "fake"}, Programs: []Program{{Name: "fakels"}}}},
	})
	defer m.Close()
	use := func() string {
		return m.Before(context.Background(), abs, []byte("x"), true)(context.Background(), []byte("y"))
	}
	steps := []struct {
		advance    time.Duration
		wantStarts int
		want       string
	}{
		{0, 1, "initialize"},
		{0, 1, "restarts in 1s"},       // within the backoff: not started again
		{time.Second, 2, "initialize"}, // restarted
		{4 * time.Second, 2, "restarts in 1s"},
		{time.Second, 3, "crashed 3 times"}, // the last try: off for good, with the reason
		{time.Hour, 3, "segmentation fault, pretend"},
	}
	for i, s := range steps {
		clock.Advance(s.advance)
		got := use()
		if n := startsIn(t, starts); n != s.wantStarts {
			t.Fatalf("step %d: %d starts, want %d (result %q)", i, n, s.wantStarts, got)
		}
		if !strings.Contains(got, s.want) {
			t.Fatalf("step %d: got %q, want it to say %q", i, got, s.want)
		}
	}
	st := m.Statuses()
	if len(st) != 1 || st[0].Running || !strings.Contains(st[0].Reason, "stays off") {
		t.Fatalf("Statuses = %+v, want fake off with a reason", st)
	}
}

func TestIdleServerStopsAndCloseStopsAll(t *testing.T) {
	m, abs := goWorkspace(t, okMain)
	clock := newFakeClock()
	m.opts.Clock, m.opts.Idle = clock, time.Minute
	if got := change(t, m, abs, okMain+"\n"); got != "" {
		t.Fatalf("got %q", got)
	}
	running := func() bool {
		for _, s := range m.Statuses() {
			if s.Running {
				return true
			}
		}
		return false
	}
	if !running() {
		t.Fatal("gopls is not running after an edit")
	}
	pid := m.servers["go"].c.cmd.Process.Pid
	clock.Advance(30 * time.Second)
	if !running() {
		t.Fatal("gopls stopped before it was idle")
	}
	clock.Advance(31 * time.Second)
	eventually.True(t, "idle gopls stopped", func() bool { return !running() })
	eventually.True(t, "the idle gopls process gone", func() bool { return !alive(pid) })
	// The next edit starts it again; Close stops it.
	if got := change(t, m, abs, okMain); got != "" {
		t.Fatalf("got %q", got)
	}
	pid = m.servers["go"].c.cmd.Process.Pid
	m.Close()
	if running() || alive(pid) {
		t.Fatal("gopls outlived Close")
	}
	if f := m.Before(context.Background(), abs, []byte(okMain), true); f == nil || !strings.Contains(f(context.Background(), nil), "project closed") {
		t.Fatal("a closed manager should say the project closed")
	}
}

// A server the workspace brings runs only when trusted; untrusted, the
// one on PATH is used, or the reason is given when there is none.
func TestProjectServerNeedsTrust(t *testing.T) {
	ws := t.TempDir()
	local := filepath.Join(ws, "node_modules", ".bin", "fakels")
	if err := os.MkdirAll(filepath.Dir(local), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, local, "#!/bin/sh\n")
	if err := os.Chmod(local, 0o755); err != nil {
		t.Fatal(err)
	}
	onPath := t.TempDir()
	write(t, filepath.Join(onPath, "fakels"), "#!/bin/sh\n")
	if err := os.Chmod(filepath.Join(onPath, "fakels"), 0o755); err != nil {
		t.Fatal(err)
	}
	lang := Language{Name: "fake", Files: map[string]string{".fk": "fake"}, Programs: []Program{{Name: "fakels", Project: "node_modules/.bin/fakels"}}}
	cases := []struct {
		name    string
		path    string
		trusted func(string) (bool, string)
		want    string
		wantErr string
	}{
		{"trusted", onPath, func(string) (bool, string) { return true, "trusted" }, local, ""},
		{"untrusted, one on PATH", onPath, nil, filepath.Join(onPath, "fakels"), ""},
		{"untrusted, none on PATH", t.TempDir(), func(string) (bool, string) { return false, "changed since it was trusted" }, "",
			"node_modules/.bin/fakels was not started: changed since it was trusted"},
	}
	for _, c := range cases {
		m := New(Options{Workspace: ws, Env: []string{"PATH=" + c.path}, Trusted: c.trusted, Languages: []Language{lang}})
		got, _, _, err := m.find(&lang)
		if got != c.want || (c.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
			t.Errorf("%s: find = %q, %v; want %q, %q", c.name, got, err, c.want, c.wantErr)
		}
	}
}
