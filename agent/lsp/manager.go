package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/childenv"
)

// Clock is the time the manager reads and the timers it sets; tests give
// their own.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// Options configure a project's language servers.
type Options struct {
	// Workspace is the project's folder (absolute).
	Workspace string
	// Env is the servers' base environment (nil: os.Environ()); secrets
	// are scrubbed from it either way (agent/childenv).
	Env []string
	// Trusted says whether a server the workspace brings (a path relative
	// to it, e.g. node_modules/.bin/typescript-language-server) may run,
	// and why not; nil runs none of them.
	Trusted func(rel string) (bool, string)
	// Wait bounds how long an edit waits for its file's diagnostics
	// (default 1.5 s).
	Wait time.Duration
	// ColdWait is the longer bound while a server that just started has
	// published nothing yet, as it loads the workspace (default 20 s).
	ColdWait time.Duration
	// Idle stops a server nobody asked for this long (default 10 min).
	Idle time.Duration
	// Backoff are the pauses before each restart of a crashed server;
	// after the last it stays off (default 1 s, 5 s, 30 s).
	Backoff []time.Duration
	// Languages are the servers looked for (default Known).
	Languages []Language
	Clock     Clock
}

// DefaultWait is how long an edit waits for diagnostics by default.
const DefaultWait = 1500 * time.Millisecond

// Manager runs a project's language servers; it is safe for concurrent use.
type Manager struct {
	opts Options
	env  []string
	mu   sync.Mutex
	// servers are per language name.
	servers map[string]*server
	closed  bool
	scan    langScan
}

// server is one language's server over its lifetime: the running client,
// or why there is none.
type server struct {
	lang     *Language
	mu       sync.Mutex
	c        *client
	program  string // the executable found, for messages
	used     time.Time
	idleStop func() bool
	crashes  int
	retryAt  time.Time
	off      string // why it stays off for good
}

// New prepares the language servers of a project; none starts until a
// file of its language needs it.
func New(opts Options) *Manager {
	if opts.Wait <= 0 {
		opts.Wait = DefaultWait
	}
	if opts.ColdWait <= 0 {
		opts.ColdWait = 20 * time.Second
	}
	if opts.Idle <= 0 {
		opts.Idle = 10 * time.Minute
	}
	if opts.Backoff == nil {
		opts.Backoff = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}
	}
	if opts.Languages == nil {
		opts.Languages = Known
	}
	if opts.Clock == nil {
		opts.Clock = realClock{}
	}
	return &Manager{opts: opts, env: childenv.Scrub(opts.Env), servers: map[string]*server{}}
}

// ErrNoServer is a file whose language has no server here.
var ErrNoServer = errors.New("no language server")

// OffError is a server that is not running, and why.
type OffError struct{ Language, Reason string }

func (e *OffError) Error() string {
	return "the " + e.Language + " language server is off: " + e.Reason
}

// Close stops every server; the manager starts none after it.
func (m *Manager) Close() {
	m.mu.Lock()
	servers := m.servers
	m.servers, m.closed = map[string]*server{}, true
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range servers {
		wg.Go(func() { s.shutdown("the project closed") })
	}
	wg.Wait()
}

// find is the executable of a language's server: the project's own when
// it brings one and it is trusted, else one on PATH. held says why a
// project's own was passed over.
func (m *Manager) find(l *Language) (path string, prog Program, held string, err error) {
	for _, p := range l.Programs {
		if p.Project == "" || m.opts.Workspace == "" {
			continue
		}
		abs := filepath.Join(m.opts.Workspace, filepath.FromSlash(p.Project))
		if _, err := os.Stat(abs); err != nil {
			continue
		}
		ok, why := false, "the workspace is not trusted"
		if m.opts.Trusted != nil {
			ok, why = m.opts.Trusted(p.Project)
		}
		if ok {
			return abs, p, "", nil
		}
		held = fmt.Sprintf("%s was not started: %s", p.Project, why)
	}
	for _, p := range l.Programs {
		if found, err := m.lookPath(p.Name); err == nil {
			return found, p, held, nil
		}
	}
	if held != "" {
		return "", Program{}, held, &OffError{Language: l.Name, Reason: held}
	}
	return "", Program{}, "", fmt.Errorf("%w for %s", ErrNoServer, l.Name)
}

// lookPath searches the servers' PATH (the last one set, as exec
// takes it).
func (m *Manager) lookPath(name string) (string, error) {
	path, set := "", false
	for _, kv := range m.env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path, set = v, true
		}
	}
	if !set {
		return exec.LookPath(name)
	}
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// clientFor is the running server of path's language, started if need
// be; the language id is the document's.
func (m *Manager) clientFor(ctx context.Context, path string) (*client, *server, string, error) {
	l, id := languageOf(m.opts.Languages, path)
	if l == nil {
		return nil, nil, "", fmt.Errorf("%w for %s files", ErrNoServer, orName(filepath.Ext(path), filepath.Base(path)))
	}
	s, err := m.server(l)
	if err != nil {
		return nil, nil, "", err
	}
	c, err := s.running(ctx, m)
	return c, s, id, err
}

func (m *Manager) server(l *Language) (*server, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, &OffError{Language: l.Name, Reason: "the project closed"}
	}
	s := m.servers[l.Name]
	if s == nil {
		s = &server{lang: l}
		m.servers[l.Name] = s
	}
	return s, nil
}

// running returns the live client, starting or restarting it as the
// backoff allows.
func (s *server) running(ctx context.Context, m *Manager) (*client, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := m.opts.Clock.Now()
	if s.c != nil && s.c.dead() {
		s.crashed(m, now, s.c.exitReason())
	}
	if s.off != "" {
		return nil, &OffError{Language: s.lang.Name, Reason: s.off}
	}
	if s.c == nil {
		if now.Before(s.retryAt) {
			return nil, &OffError{Language: s.lang.Name, Reason: fmt.Sprintf("%s crashed; it restarts in %s", s.program, s.retryAt.Sub(now).Round(time.Second))}
		}
		path, prog, _, err := m.find(s.lang)
		if err != nil {
			return nil, err
		}
		s.program = prog.Name
		c, err := start(ctx, path, prog, m.opts.Workspace, m.env)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			s.crashed(m, now, err.Error())
			if s.off != "" {
				return nil, &OffError{Language: s.lang.Name, Reason: s.off}
			}
			return nil, err
		}
		s.c = c
	}
	s.used = now
	s.armIdle(m)
	return s.c, nil
}

// crashed counts a crash and sets when the next start may be, or turns
// the server off for good after the last backoff.
func (s *server) crashed(m *Manager, now time.Time, why string) {
	if s.c != nil {
		s.c.kill()
		s.c = nil
	}
	s.crashes++
	if s.crashes > len(m.opts.Backoff) {
		s.off = fmt.Sprintf("%s crashed %d times, so it stays off until the project is opened again; last: %s", s.program, s.crashes, why)
		return
	}
	s.retryAt = now.Add(m.opts.Backoff[s.crashes-1])
}

// armIdle (re)sets the timer that stops the server when unused.
func (s *server) armIdle(m *Manager) {
	if s.idleStop != nil {
		s.idleStop()
	}
	s.idleStop = m.opts.Clock.AfterFunc(m.opts.Idle, func() {
		s.mu.Lock()
		c := s.c
		idle := c != nil && m.opts.Clock.Now().Sub(s.used) >= m.opts.Idle
		if idle {
			s.c = nil
		}
		s.mu.Unlock()
		if idle {
			c.stop()
		}
	})
}

func (s *server) shutdown(string) {
	s.mu.Lock()
	c := s.c
	s.c = nil
	if s.idleStop != nil {
		s.idleStop()
	}
	s.mu.Unlock()
	if c != nil {
		c.stop()
	}
}

// Status is one language server as the person may see it.
type Status struct {
	Language, Program string
	Running           bool
	Reason            string // why it is off, if it is
}

// Statuses are the servers the project has needed so far.
func (m *Manager) Statuses() []Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Status
	for _, s := range m.servers {
		s.mu.Lock()
		st := Status{Language: s.lang.Name, Program: s.program, Running: s.c != nil && !s.c.dead(), Reason: s.off}
		s.mu.Unlock()
		out = append(out, st)
	}
	return out
}

// SetWait changes how long an edit waits for its diagnostics (the
// person's setting, read each turn).
func (m *Manager) SetWait(d time.Duration) {
	if d <= 0 {
		d = DefaultWait
	}
	m.mu.Lock()
	m.opts.Wait = d
	m.mu.Unlock()
}

// waitFor is how long to wait for c's diagnostics: longer while it is
// still loading the workspace, so the first edit is checked too.
func (m *Manager) waitFor(c *client) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !c.warm() {
		return max(m.opts.Wait, m.opts.ColdWait)
	}
	return m.opts.Wait
}

func orName(ext, name string) string {
	if ext == "" {
		return name
	}
	return ext
}
