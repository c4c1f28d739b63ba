package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/internal/eventually"
)

func stdioEntry(t *testing.T, name, bin string, args ...string) mcp.Entry {
	return mcp.Entry{Named: config.Named{Name: name, Scope: config.ScopeUser,
		Server: config.Server{Command: bin, Args: args}}}
}

// started returns a manager running entries, connected, closed with the test.
func started(t *testing.T, opts mcp.Options, entries ...mcp.Entry) *mcp.Manager {
	t.Helper()
	if opts.Workspace == "" {
		opts.Workspace = t.TempDir()
	}
	m := mcp.NewManager(opts)
	t.Cleanup(m.Close)
	m.Start(entries...)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	return m
}

func find(t *testing.T, m *mcp.Manager, name string) *mcp.Tool {
	t.Helper()
	var names []string
	for _, tl := range m.Tools() {
		if tl.Definition().Name == name {
			return tl
		}
		names = append(names, tl.Definition().Name)
	}
	t.Fatalf("no tool %s among %v", name, names)
	return nil
}

func serverInfo(m *mcp.Manager, name string) mcp.Server {
	for _, s := range m.Servers() {
		if s.Name == name {
			return s
		}
	}
	return mcp.Server{}
}

func TestStdioEverythingTools(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	s := serverInfo(m, "everything")
	if s.Status != mcp.StatusConnected || s.Transport != config.Stdio {
		t.Fatalf("status %s via %s (%s); log %v", s.Status, s.Transport, s.Error, s.Log)
	}
	if s.Tokens <= 0 || len(s.Tools) < 5 {
		t.Fatalf("tools %d costing %d tokens", len(s.Tools), s.Tokens)
	}
	ctx := context.Background()
	out, err := find(t, m, "mcp__everything__echo").Run(ctx, json.RawMessage(`{"message":"hello hearth"}`))
	if err != nil || !strings.Contains(out, "hello hearth") {
		t.Fatalf("echo: %q, %v", out, err)
	}
	out, err = find(t, m, "mcp__everything__get-sum").Run(ctx, json.RawMessage(`{"a":2,"b":40}`))
	if err != nil || !strings.Contains(out, "42") {
		t.Fatalf("get-sum: %q, %v", out, err)
	}
	out, err = find(t, m, "mcp__everything__get-tiny-image").Run(ctx, nil)
	if err != nil || !strings.Contains(out, "[image image/png") || !strings.Contains(out, "can't see images") {
		t.Fatalf("get-tiny-image: %q, %v", out, err)
	}
	// A model that can see gets the picture itself, fitted and stripped.
	vctx, attached := tool.WithMedia(tool.WithVision(ctx, tool.Vision{Wire: "anthropic"}))
	out, err = find(t, m, "mcp__everything__get-tiny-image").Run(vctx, nil)
	if parts := attached(); err != nil || !strings.Contains(out, "px, attached]") || len(parts) != 1 || parts[0].Kind != "image" || len(parts[0].Data) == 0 {
		t.Fatalf("get-tiny-image to a vision model: %q, %v, %d parts", out, err, len(parts))
	}
	out, err = find(t, m, "mcp__everything__get-structured-content").Run(ctx, json.RawMessage(`{"location":"New York"}`))
	if err != nil || !strings.Contains(out, "temperature") {
		t.Fatalf("get-structured-content: %q, %v", out, err)
	}
	// Invalid arguments come back as a tool error the model can read.
	_, err = find(t, m, "mcp__everything__get-sum").Run(ctx, json.RawMessage(`{"a":"two"}`))
	if err == nil || tool.StatusOf(ctx, err) != tool.StatusFailed {
		t.Fatalf("bad arguments: %v", err)
	}
}

func TestListChangedAndRoots(t *testing.T) {
	ws := t.TempDir()
	m := started(t, mcp.Options{Workspace: ws}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	// The server adds its roots tool after initialisation and says so with
	// tools/list_changed; the manager's list must follow.
	var roots *mcp.Tool
	eventually.True(t, "get-roots-list to appear after tools/list_changed", func() bool {
		for _, tl := range m.Tools() {
			if tl.Remote() == "get-roots-list" {
				roots = tl
			}
		}
		return roots != nil
	})
	out, err := roots.Run(context.Background(), nil)
	if err != nil || !strings.Contains(out, filepath.Base(ws)) {
		t.Fatalf("roots: %q, %v (want the workspace %s)", out, err, ws)
	}
}

// progressSink collects what a tool reports while it runs.
type progressSink struct {
	mu    sync.Mutex
	lines []string
}

func (p *progressSink) ctx(parent context.Context) context.Context {
	ctx := tool.WithCallID(parent, "call-1")
	return tool.WithProgress(ctx, func(id, chunk string) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.lines = append(p.lines, id+":"+chunk)
	})
}

func (p *progressSink) got() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.lines)
}

func TestProgressAndCancel(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	long := find(t, m, "mcp__everything__trigger-long-running-operation")
	var p progressSink
	out, err := long.Run(p.ctx(context.Background()), json.RawMessage(`{"duration":0.6,"steps":3}`))
	if err != nil || !strings.Contains(out, "completed") {
		t.Fatalf("long: %q, %v", out, err)
	}
	// Notifications are handled concurrently with the response, so the last
	// one may land after the call returned; the first ones may not.
	if got := p.got(); !slices.Contains(got, "call-1:progress 1/3\n") {
		t.Fatalf("progress %q, want the steps reported for call-1", got)
	}

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	_, err = long.Run(ctx, json.RawMessage(`{"duration":30,"steps":3}`))
	if !errors.Is(err, context.Canceled) || tool.StatusOf(ctx, err) != tool.StatusCanceled {
		t.Fatalf("cancelled call: %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatalf("cancel took %s", time.Since(start))
	}
	// The server is still usable after a cancelled call.
	if out, err := find(t, m, "mcp__everything__echo").Run(context.Background(), json.RawMessage(`{"message":"still here"}`)); err != nil || !strings.Contains(out, "still here") {
		t.Fatalf("after cancel: %q, %v", out, err)
	}
}

func TestCallTimeout(t *testing.T) {
	e := stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio")
	e.Timeout = 300 // milliseconds
	m := started(t, mcp.Options{}, e)
	_, err := find(t, m, "mcp__everything__trigger-long-running-operation").Run(context.Background(), json.RawMessage(`{"duration":10,"steps":2}`))
	var te *mcp.TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("got %v, want a TimeoutError", err)
	}
}

func TestStreamableHTTP(t *testing.T) {
	url := mcptest.HTTPEverything(t)
	m := started(t, mcp.Options{}, mcp.Entry{Named: config.Named{Name: "remote", Server: config.Server{Type: config.HTTP, URL: url}}})
	s := serverInfo(m, "remote")
	if s.Status != mcp.StatusConnected || s.Transport != config.HTTP {
		t.Fatalf("status %s via %s: %s", s.Status, s.Transport, s.Error)
	}
	var p progressSink
	out, err := find(t, m, "mcp__remote__trigger-long-running-operation").Run(p.ctx(context.Background()), json.RawMessage(`{"duration":0.4,"steps":2}`))
	if err != nil || !strings.Contains(out, "completed") || !slices.Contains(p.got(), "call-1:progress 1/2\n") {
		t.Fatalf("long over HTTP: %q, %v, progress %q", out, err, p.got())
	}
}

func TestFailedServerKeepsItsLog(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "broken.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho 'cannot open database: permission denied' >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	m := started(t, mcp.Options{}, stdioEntry(t, "broken", script))
	s := serverInfo(m, "broken")
	if s.Status != mcp.StatusFailed || !slices.ContainsFunc(s.Log, func(l string) bool { return strings.Contains(l, "permission denied") }) {
		t.Fatalf("status %s, log %q", s.Status, s.Log)
	}
	_, err := m.Call(context.Background(), "broken", "anything", nil)
	var nc *mcp.NotConnectedError
	if !errors.As(err, &nc) || !strings.Contains(err.Error(), "permission denied") {
		t.Fatalf("call to a failed server: %v", err)
	}
}

func TestDisabledServerStartsOnlyWhenEnabled(t *testing.T) {
	e := stdioEntry(t, "memory", mcptest.Bin(t, "mcp-server-memory"))
	e.Disabled = true
	e.DisabledTools = []string{"delete_entities"}
	e.Env = map[string]string{"MEMORY_FILE_PATH": filepath.Join(t.TempDir(), "m.jsonl")}
	m := started(t, mcp.Options{}, e)
	if s := serverInfo(m, "memory"); s.Status != mcp.StatusDisabled || len(m.Tools()) != 0 {
		t.Fatalf("disabled: %s, %d tools", s.Status, len(m.Tools()))
	}
	if err := m.Restart("memory"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if s := serverInfo(m, "memory"); s.Status != mcp.StatusConnected || len(m.Tools()) == 0 {
		t.Fatalf("enabled: %s %s", s.Status, s.Error)
	}
	for _, tl := range m.Tools() {
		if tl.Remote() == "delete_entities" {
			t.Fatal("a disabled tool is offered")
		}
	}
	find(t, m, "mcp__memory__create_entities")
	if err := m.Disable("nope"); !errors.Is(err, config.ErrNoServer) {
		t.Fatalf("disabling an unknown server: %v", err)
	}
}

// OnChange is told when a server has connected (or failed), not only when
// it starts, so a list the person watches goes from connecting to connected.
func TestOnChangeToldOnConnectAndFailure(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	seen := make(chan mcp.Status, 16)
	var m *mcp.Manager
	ready := make(chan struct{})
	m = mcp.NewManager(mcp.Options{Workspace: t.TempDir(), OnChange: func() {
		<-ready
		for _, s := range m.Servers() {
			seen <- s.Status
		}
	}})
	t.Cleanup(m.Close)
	m.Start(stdioEntry(t, "memory", memory), stdioEntry(t, "broken", filepath.Join(t.TempDir(), "missing")))
	close(ready)
	want := map[mcp.Status]bool{mcp.StatusConnected: false, mcp.StatusFailed: false}
	deadline := time.After(60 * time.Second)
	for !want[mcp.StatusConnected] || !want[mcp.StatusFailed] {
		select {
		case st := <-seen:
			if _, ok := want[st]; ok {
				want[st] = true
			}
		case <-deadline:
			t.Fatalf("OnChange never saw %v", want)
		}
	}
}
