package app

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/serve"
)

// ServeEventName carries the served API's approval requests, their ends
// and the server's state, as ServeEvent values.
const ServeEventName = "serve"

// ServeView is the state of the agent the app serves to other programs.
type ServeView struct {
	Running   bool   `json:"running"`
	URL       string `json:"url"`
	Workspace string `json:"workspace"`
	// Error is why the server stopped on its own, "" when it did not.
	Error string `json:"error"`
}

// ServeEvent is one "serve" event: type "approval_requested" (with the
// request), "approval_resolved" (with its id and decision) or "status".
type ServeEvent struct {
	Type string `json:"type"`
	conversation.ApprovalRequest
	Decision string     `json:"decision,omitempty"`
	Status   *ServeView `json:"status,omitempty"`
}

// serving is the API server the app runs, if any.
type serving struct {
	mu   sync.Mutex
	srv  *serve.Server
	stop context.CancelFunc
	done chan struct{}
	view ServeView
	addr string // serve.DefaultAddr when ""; tests listen anywhere
	// proj is the project served: another folder opening ends serving.
	proj *project.Project
}

// stopServingFrom stops the server when it serves p, a project closing.
func (a *App) stopServingFrom(p *project.Project) {
	a.serving.mu.Lock()
	serving := a.serving.srv != nil && a.serving.proj == p
	a.serving.mu.Unlock()
	if serving {
		a.h.Serve.StopServing()
	}
}

// StartServing serves the agent on 127.0.0.1:8765 (HEARTH_SERVE_ADDR, a
// loopback address, overrides it) over the open folder,
// as hearth serve does; what the approval mode does not allow is asked
// on approval cards. The token is HEARTH_API_TOKEN or the keychain's
// (hearth serve --show-token prints it).
func (a *Serve) StartServing() (ServeView, error) {
	s := &a.serving
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return s.view, nil
	}
	ws, err := a.openWorkspace()
	if err != nil {
		return ServeView{}, err
	}
	p := a.project()
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	token := a.deps.Getenv("HEARTH_API_TOKEN")
	if token == "" {
		if token, err = a.deps.Secrets.ServeToken(ctx); err != nil {
			return ServeView{}, err
		}
	}
	srv, err := serve.New(serve.Config{
		Project: p, Settings: a.deps.Settings.Get, Sessions: a.sessions,
		Token: token, Version: a.deps.Version, Approvals: serveCards{a.App},
	})
	if err != nil {
		return ServeView{}, err
	}
	addr := s.addr
	if addr == "" {
		addr = a.deps.Getenv("HEARTH_SERVE_ADDR")
	}
	if addr == "" {
		addr = serve.DefaultAddr
	}
	if !serve.IsLoopback(addr) {
		return ServeView{}, invalidf("serve", "HEARTH_SERVE_ADDR must be a loopback address; serve beyond this computer with hearth serve --allow-remote")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return ServeView{}, invalidf("serve", "cannot listen on "+addr+": "+err.Error())
	}
	sctx, stop := context.WithCancel(context.Background())
	s.srv, s.stop, s.done, s.proj = srv, stop, make(chan struct{}), p
	s.view = ServeView{Running: true, URL: "http://" + ln.Addr().String(), Workspace: ws}
	go a.runServer(sctx, srv, ln, s.done)
	return s.view, nil
}

func (a *App) runServer(ctx context.Context, srv *serve.Server, ln net.Listener, done chan struct{}) {
	err := srv.Serve(ctx, ln, nil)
	s := &a.serving
	s.mu.Lock()
	if s.srv == srv {
		s.srv, s.stop = nil, nil
		s.view = ServeView{}
		if err != nil && !errors.Is(err, context.Canceled) {
			s.view.Error = err.Error()
		}
	}
	view := s.view
	s.mu.Unlock()
	close(done)
	a.emit(ServeEventName, ServeEvent{Type: "status", Status: &view})
}

// StopServing stops the server; running served turns are stopped and
// saved as stopped.
func (a *Serve) StopServing() ServeView {
	s := &a.serving
	s.mu.Lock()
	stop, done := s.stop, s.done
	s.mu.Unlock()
	if stop != nil {
		stop()
		<-done
	}
	return a.ServingStatus()
}

// ServingStatus says whether the app serves the agent, and where.
func (a *Serve) ServingStatus() ServeView {
	s := &a.serving
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view
}

// AnswerServedApproval answers an approval card of a served turn:
// allow_once, allow_session or deny (with a note the model sees).
func (a *Serve) AnswerServedApproval(requestID, decision, note string) error {
	s := &a.serving
	s.mu.Lock()
	srv := s.srv
	s.mu.Unlock()
	if srv == nil {
		return invalidf("approval", "the agent is not being served")
	}
	if err := srv.Approve(requestID, decision, note); err != nil {
		if errors.Is(err, serve.ErrUnknownApproval) {
			return invalidf("approval", err.Error())
		}
		return viewErr(err)
	}
	return nil
}

// serveCards shows served turns' approval requests as the app's cards.
type serveCards struct{ a *App }

func (c serveCards) Requested(r *conversation.ApprovalRequested) {
	c.a.emit(ServeEventName, ServeEvent{Type: "approval_requested", ApprovalRequest: r.ApprovalRequest})
}

func (c serveCards) Resolved(r *conversation.ApprovalResolved) {
	c.a.emit(ServeEventName, ServeEvent{Type: "approval_resolved",
		ApprovalRequest: conversation.ApprovalRequest{RequestID: r.RequestID}, Decision: r.Decision})
}
