package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/childenv"
	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// ErrNeedsAuth means a remote server answered 401 or 403: it wants the
// person to sign in.
var ErrNeedsAuth = errors.New("the server asks to sign in (HTTP 401/403)")

// terminateAfter is how long a closed stdio server may take to exit on its
// own before its process group is killed.
const terminateAfter = 2 * time.Second

// link is a connected session with what must be torn down with it.
type link struct {
	session *sdk.ClientSession
	proc    *proc // stdio only
	via     config.Transport
}

// close ends the session and, for stdio, the server's whole process tree:
// stdin is closed first, as the protocol asks, and what still runs after
// terminateAfter is killed.
func (l *link) close() {
	_ = l.session.Close()
	if l.proc != nil {
		l.proc.end(terminateAfter)
	}
}

// proc is a stdio server's process. Hearth waits for it itself, so a
// server that dies is noticed even while a process it started still holds
// its pipes open.
type proc struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

func (p *proc) end(grace time.Duration) {
	select {
	case <-p.exited:
	case <-time.After(grace):
	}
	killGroup(p.cmd) // the server's own children too
	<-p.exited
}

// state says how the process ended, or "" while it runs.
func (p *proc) state() string {
	select {
	case <-p.exited:
		return p.cmd.ProcessState.String()
	default:
		return ""
	}
}

// connect opens a session to one expanded server.
func (sv *server) connectVia(ctx context.Context, c *sdk.Client, s config.Server) (*link, error) {
	log := sv.log
	switch s.Kind() {
	case config.Stdio:
		return connectStdio(ctx, c, s, log)
	case config.SSE:
		return connectHTTP(ctx, c, s, config.SSE, nil)
	default:
		l, err := connectHTTP(ctx, c, s, config.HTTP, sv)
		if err == nil || errors.Is(err, ErrNeedsAuth) || ctx.Err() != nil {
			return l, err
		}
		// An older server speaks only the legacy HTTP+SSE transport.
		log.Add(fmt.Sprintf("hearth: streamable HTTP failed (%v); trying the legacy SSE transport", err))
		l, sseErr := connectHTTP(ctx, c, s, config.SSE, nil)
		if sseErr != nil {
			return nil, fmt.Errorf("%w (legacy SSE: %v)", err, sseErr)
		}
		return l, nil
	}
}

func connectStdio(ctx context.Context, c *sdk.Client, s config.Server, log *Log) (*link, error) {
	path, err := exec.LookPath(s.Command)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", s.Command, err)
	}
	// Not CommandContext: the server outlives the connect call's context.
	cmd := exec.Command(path, s.Args...)
	cmd.Env = serverEnv(s.Env)
	cmd.Dir = s.Cwd
	cmd.Stderr = log
	// A grandchild holding stderr open must not keep Wait from returning.
	cmd.WaitDelay = 500 * time.Millisecond
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", s.Command, err)
	}
	p := &proc{cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait() // closes stdout, which ends the session
		close(p.exited)
	}()
	session, err := c.Connect(ctx, &sdk.IOTransport{Reader: stdout, Writer: stdin}, nil)
	if err != nil {
		p.end(0)
		if st := p.state(); st != "" {
			err = fmt.Errorf("%w (the server process %s)", err, st)
		}
		return nil, err
	}
	return &link{session: session, proc: p, via: config.Stdio}, nil
}

// connectHTTP connects over HTTP; with sv set (streamable HTTP without an
// Authorization header of its own) a server that asks to sign in gets OAuth.
func connectHTTP(ctx context.Context, c *sdk.Client, s config.Server, via config.Transport, sv *server) (*link, error) {
	rt := &headerTransport{headers: s.Headers}
	hc := httpClient(egress.MCP, rt)
	var t sdk.Transport
	if via == config.SSE {
		t = detached{&sdk.SSEClientTransport{Endpoint: s.URL, HTTPClient: hc}}
	} else {
		st := &sdk.StreamableClientTransport{Endpoint: s.URL, HTTPClient: hc, MaxRetries: 2}
		if _, own := s.Headers["Authorization"]; sv != nil && !own {
			h, err := sv.oauthHandler(ctx, s, httpClient(egress.OAuth, &headerTransport{headers: s.Headers}))
			if err != nil {
				return nil, fmt.Errorf("preparing sign-in: %w", err)
			}
			st.OAuthHandler = h
		}
		t = st
	}
	session, err := c.Connect(ctx, t, nil)
	if err != nil {
		if rt.denied.Load() {
			return nil, fmt.Errorf("%w: %v", ErrNeedsAuth, err)
		}
		return nil, err
	}
	return &link{session: session, via: via}, nil
}

// httpClient is a client through agent/egress with purpose p that sends
// the server's headers (h) and waits at most 30 s for a response to begin
// (a stream that never answers).
func httpClient(p egress.Purpose, h *headerTransport) *http.Client {
	return egress.Client(p, egress.WithResponseHeaderTimeout(30*time.Second),
		egress.WithInner(func(rt http.RoundTripper) http.RoundTripper { h.base = rt; return h }))
}

// detached opens the legacy transport's event stream with a context that
// outlives the connect call, since the stream is the connection.
type detached struct{ sdk.Transport }

func (d detached) Connect(ctx context.Context) (sdk.Connection, error) {
	return d.Transport.Connect(context.WithoutCancel(ctx))
}

// headerTransport adds the configured headers to every request and notes
// an authorization refusal.
type headerTransport struct {
	headers map[string]string
	base    http.RoundTripper
	denied  atomic.Bool
}

func (h *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(h.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range h.headers {
			r.Header.Set(k, v)
		}
	}
	resp, err := h.base.RoundTrip(r)
	if err == nil && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
		h.denied.Store(true)
	}
	return resp, err
}

// serverEnv is Hearth's environment scrubbed like every child's, plus
// the server's own variables: the person wrote those, so they win.
func serverEnv(extra map[string]string) []string {
	var out []string
	for _, kv := range childenv.Scrub(nil) {
		name, _, _ := strings.Cut(kv, "=")
		if _, over := extra[name]; over {
			continue
		}
		out = append(out, kv)
	}
	for k, v := range extra {
		out = append(out, k+"="+v)
	}
	return out
}
