package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/redact"
)

// Status is where a server stands.
type Status string

const (
	StatusConnecting Status = "connecting"
	StatusConnected  Status = "connected"
	StatusFailed     Status = "failed"
	StatusDisabled   Status = "disabled"
	StatusNeedsAuth  Status = "needs-auth"
	StatusUntrusted  Status = "untrusted"
)

// Entry is a server to run, with whether it may start.
type Entry struct {
	config.Named
	// Held is why the server may not start yet (a project server the
	// workspace's trust does not cover); "" lets it start.
	Held string
}

// server is one configured server and its connection.
type server struct {
	m     *Manager
	entry Entry
	log   *Log

	mu     sync.Mutex
	status Status
	err    error
	link   *link
	tools  []*sdk.Tool
	ready  chan struct{} // closed (by markReady) once the server leaves StatusConnecting
	once   sync.Once
	cancel context.CancelFunc
	calls  []context.Context // running tool calls, oldest first (see elicit)
}

func newServer(m *Manager, e Entry) *server {
	s := &server{m: m, entry: e, log: NewLog(m.opts.LogLines), ready: make(chan struct{})}
	switch {
	case e.Held != "":
		s.status, s.err = StatusUntrusted, errors.New(e.Held)
		s.markReady()
	case e.Disabled:
		s.status = StatusDisabled
		s.markReady()
	default:
		s.status = StatusConnecting
	}
	return s
}

// start connects in the background; the caller never waits.
func (s *server) start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.cancel = cancel
	s.mu.Unlock()
	go s.run(ctx)
}

func (s *server) run(ctx context.Context) {
	l, tools, err := s.connect(ctx)
	defer s.m.changed() // connected, failed or needs-auth: the list shows it at once
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.markReady()
	if s.status != StatusConnecting { // disabled or closed meanwhile
		if l != nil {
			go l.close()
		}
		return
	}
	if err != nil {
		s.status, s.err = StatusFailed, err
		if errors.Is(err, ErrNeedsAuth) {
			s.status = StatusNeedsAuth
		}
		s.log.Add("hearth: " + err.Error())
		return
	}
	s.status, s.link, s.tools = StatusConnected, l, tools
	go s.watch(l)
}

func (s *server) markReady() { s.once.Do(func() { close(s.ready) }) }

func (s *server) connect(ctx context.Context) (*link, []*sdk.Tool, error) {
	ctx, cancel := context.WithTimeout(ctx, s.m.opts.ConnectTimeout)
	defer cancel()
	env := s.m.opts.Env
	if s.entry.Scope == config.ScopeProject {
		// A cloned folder's file must not name the person's secrets.
		env.Keychain = func(context.Context, string) (string, error) {
			return "", errors.New("a project's .mcp.json may not read Hearth's keychain; use ${VAR} or add the server to your own mcp.json")
		}
		env.Refuse = refuseHearthSecret
	}
	cfg, secrets, err := s.entry.Expand(ctx, s.entry.Name, env)
	if err != nil {
		return nil, nil, err
	}
	redact.Register(secrets...)
	l, err := s.connectVia(ctx, s.client(), cfg)
	if err != nil {
		if ctx.Err() != nil && !errors.Is(err, ErrNeedsAuth) {
			err = fmt.Errorf("connecting: %w (%v)", ctx.Err(), err)
		}
		return nil, nil, err
	}
	tools, err := s.listTools(ctx, l.session)
	if err != nil {
		l.close()
		return nil, nil, fmt.Errorf("listing tools: %w", err)
	}
	return l, tools, nil
}

// watch marks the server failed when its connection ends unasked (the
// process died, the remote went away).
func (s *server) watch(l *link) {
	err := l.session.Wait()
	msg := "the server ended the connection"
	if err != nil {
		msg += ": " + err.Error()
	}
	if l.proc != nil {
		if st := l.proc.state(); st != "" {
			msg = "the server process ended (" + st + ")"
		}
	}
	s.mu.Lock()
	lost := s.link == l
	if lost {
		s.link, s.tools, s.status, s.err = nil, nil, StatusFailed, errors.New(msg)
	}
	s.mu.Unlock()
	if !lost {
		return // closed on purpose
	}
	s.log.Add("hearth: " + msg)
	if l.proc != nil {
		l.proc.end(0) // what the server left running
	}
	s.m.changed()
}

// stop closes the connection and leaves the server in status st.
func (s *server) stop(st Status) {
	s.mu.Lock()
	l, cancel := s.link, s.cancel
	s.link, s.tools, s.status, s.err = nil, nil, st, nil
	s.mu.Unlock()
	s.markReady()
	if cancel != nil {
		cancel()
	}
	if l != nil {
		l.close()
	}
}

// session returns the live session, or why there is none.
func (s *server) session() (*sdk.ClientSession, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.link != nil {
		return s.link.session, nil
	}
	msg := fmt.Sprintf("MCP server %s is %s", s.entry.Name, s.status)
	if s.err != nil {
		msg += ": " + s.err.Error()
	}
	if last := s.log.Lines(3); len(last) > 0 && s.status == StatusFailed {
		msg += "; its last log lines: " + strings.Join(last, " | ")
	}
	return nil, &NotConnectedError{Server: s.entry.Name, Status: s.status, msg: msg}
}

// NotConnectedError is a call to a server that is not connected.
type NotConnectedError struct {
	Server string
	Status Status
	msg    string
}

func (e *NotConnectedError) Error() string { return e.msg }

// client builds the SDK client for this server: its handlers know which
// server they serve.
func (s *server) client() *sdk.Client {
	m := s.m
	opts := &sdk.ClientOptions{
		ToolListChangedHandler: func(ctx context.Context, req *sdk.ToolListChangedRequest) {
			m.refreshes.begin()
			go func() {
				defer m.refreshes.end()
				s.refreshTools(req.Session)
			}()
		},
		ProgressNotificationHandler: func(ctx context.Context, req *sdk.ProgressNotificationClientRequest) {
			m.progress.report(req.Params)
		},
		LoggingMessageHandler: func(ctx context.Context, req *sdk.LoggingMessageRequest) {
			s.log.Add(formatLogMessage(req.Params))
		},
		ElicitationHandler: s.elicit,
		CreateMessageHandler: func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			s.log.Add("hearth: declined a sampling request")
			return nil, ErrSamplingDeclined
		},
	}
	c := sdk.NewClient(&sdk.Implementation{Name: "hearth", Version: m.opts.Version}, opts)
	if ws := m.opts.Workspace; ws != "" {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(ws)}
		c.AddRoots(&sdk.Root{URI: u.String(), Name: filepath.Base(ws)})
	}
	return c
}

// ErrSamplingDeclined answers a server that asks Hearth's model to write
// for it: Hearth does not lend the person's model to servers.
var ErrSamplingDeclined = errors.New("Hearth declines sampling requests: it does not let MCP servers use the person's model")

func formatLogMessage(p *sdk.LoggingMessageParams) string {
	var b strings.Builder
	b.WriteString("[" + string(p.Level) + "]")
	if p.Logger != "" {
		b.WriteString(" " + p.Logger + ":")
	}
	switch d := p.Data.(type) {
	case string:
		b.WriteString(" " + d)
	default:
		b.WriteString(" " + compactJSON(d))
	}
	return b.String()
}

// refreshTools reads the tool list again after the server said it changed.
func (s *server) refreshTools(cs *sdk.ClientSession) {
	ctx, cancel := context.WithTimeout(context.Background(), s.m.opts.ConnectTimeout)
	defer cancel()
	tools, err := s.listTools(ctx, cs)
	if err != nil {
		s.log.Add("hearth: refreshing the tool list: " + err.Error())
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.link != nil && s.link.session == cs {
		s.tools = tools
	}
	s.m.changed()
}

// listTools reads the server's tools, leaving out those its config disables.
func (s *server) listTools(ctx context.Context, cs *sdk.ClientSession) ([]*sdk.Tool, error) {
	if cs.InitializeResult() != nil && cs.InitializeResult().Capabilities != nil && cs.InitializeResult().Capabilities.Tools == nil {
		return nil, nil // the server offers no tools
	}
	var out []*sdk.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		if !slices.Contains(s.entry.DisabledTools, t.Name) {
			out = append(out, t)
		}
	}
	return out, nil
}
