package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
)

// handleChat runs one turn for a chat completion request.
func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) {
	// The body has its own deadline (the headers have ReadHeaderTimeout),
	// so a client that never sends it cannot hold the connection.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout))
	p, err := readRequest(w, r)
	if err != nil {
		// The deadline stays: the server then gives up on the rest of a
		// body that does not come instead of waiting to discard it.
		w.Header().Set("Connection", "close")
		writeError(w, err)
		return
	}
	_ = rc.SetReadDeadline(time.Time{})
	if r.Header.Get(SessionHeader) == "" {
		if err := p.needUser(); err != nil {
			writeError(w, err)
			return
		}
	}
	choice, err := s.choose(p.req.Model)
	if err != nil {
		writeError(w, err)
		return
	}
	choice.ClientTools, choice.ToolChoice, choice.Temperature = p.clientTools, p.toolChoice, p.req.Temperature
	if m := p.req.MaxCompletionTokens; m != nil {
		choice.MaxTokens = *m
	} else if m := p.req.MaxTokens; m != nil {
		choice.MaxTokens = *m
	}
	// The turn ends when its client goes away or the server stops.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer context.AfterFunc(s.baseCtx, cancel)()
	release, err := s.gate.enter(ctx)
	if errors.Is(err, errBusy) {
		writeError(w, &Error{Status: http.StatusTooManyRequests, Type: "rate_limit_error", Code: "server_busy",
			Message: "every turn slot is taken and the queue is full; retry later", RetryAfter: time.Second})
		return
	}
	if err != nil {
		return // the client left while queued
	}
	defer release()
	was := r.Header.Get(SessionHeader)
	conv, err := s.conversation(ctx, was)
	if err != nil {
		writeError(w, err)
		return
	}
	defer func() { s.live.put(was, conv.SessionID(), conv) }()
	if err := conv.Choose(choice); err != nil {
		writeError(w, err)
		return
	}
	turn, err := s.prepare(ctx, conv, p, was != "")
	if err != nil {
		writeError(w, err)
		return
	}
	out := newResponder(w, &p.req, conv.SessionID, redact.New(turn.Built().Key))
	if p.req.Stream {
		kctx, stop := context.WithCancel(ctx)
		var quiet sync.WaitGroup
		quiet.Add(1)
		go func() { defer quiet.Done(); out.keepAlive(kctx, s.cfg.KeepAlive) }()
		defer quiet.Wait()
		defer stop()
	}
	res, err := turn.Run(ctx, out.event)
	if err != nil {
		out.abort(&Error{Status: http.StatusInternalServerError, Type: "server_error", Code: "session_not_saved",
			Message: out.red.String(err.Error())})
		return
	}
	if res.Stopped && r.Context().Err() != nil {
		return // the client is gone: nobody to answer
	}
	out.finish(res)
}

// conversation is a new conversation in the workspace, or the stored
// session id continued.
func (s *Server) conversation(ctx context.Context, id string) (*conversation.Conversation, error) {
	if id == "" {
		return s.newConversation()
	}
	if conv, found, busy := s.live.take(id); busy {
		return nil, &Error{Status: http.StatusConflict, Type: "invalid_request_error", Code: "session_busy", Param: SessionHeader,
			Message: "session " + id + " is answering another request; send this one when it is done"}
	} else if found {
		return conv, nil
	}
	if !s.live.claim(id) {
		return nil, &Error{Status: http.StatusConflict, Type: "invalid_request_error", Code: "session_busy", Param: SessionHeader,
			Message: "session " + id + " is answering another request; send this one when it is done"}
	}
	conv, err := s.resume(ctx, id)
	if err != nil {
		s.live.release(id)
		return nil, err
	}
	return conv, nil
}

func (s *Server) resume(ctx context.Context, id string) (*conversation.Conversation, error) {
	var store *session.Store
	if s.cfg.Sessions != nil {
		store = s.cfg.Sessions()
	}
	if store == nil {
		return nil, badRequest("sessions_unavailable", SessionHeader, "this server keeps no sessions, so %s cannot be continued", SessionHeader)
	}
	t, err := store.Load(ctx, id)
	if errors.Is(err, session.ErrNotFound) {
		return nil, &Error{Status: http.StatusNotFound, Type: "invalid_request_error", Code: "session_not_found", Param: SessionHeader,
			Message: "no session " + id + " (see hearth sessions list)"}
	}
	if err != nil {
		return nil, err
	}
	if t.Session.Workspace != s.cfg.Project.Dir() {
		return nil, badRequest("session_elsewhere", SessionHeader, "session %s belongs to another workspace (%s)", id, t.Session.Workspace)
	}
	conv, err := s.newConversation()
	if err != nil {
		return nil, err
	}
	return conv, conv.Resume(t)
}

// newConversation is a conversation in the workspace: headless (the
// approval mode alone decides) unless a person answers approvals.
func (s *Server) newConversation() (*conversation.Conversation, error) {
	k := &sink{s: s}
	conv, err := s.cfg.Project.NewConversation(k)
	k.conv = conv
	return conv, err
}

// prepare builds the turn the request asks for: a prompt, or the results
// of the client tool calls the last turn ended on.
func (s *Server) prepare(ctx context.Context, conv *conversation.Conversation, p *parsed, continued bool) (*conversation.Turn, error) {
	var err error
	switch pending := conv.PendingClientCalls(); {
	case continued && p.prompt != "" && len(pending) > 0:
		return nil, badRequest("tool_results_missing", "messages",
			"this session waits for the results of its tool calls (%s); send them as tool messages first", callNames(pending))
	case !continued:
		err = conv.Extend(p.history...)
	case p.prompt == "" && len(conv.PendingClientCalls()) == 0:
		// A session reloaded from the store does not hold the client's
		// calls; the request's assistant message brings them.
		err = conv.Extend(*p.calling)
	}
	if err != nil {
		return nil, err
	}
	var turn *conversation.Turn
	if p.prompt != "" || len(p.parts) > 0 {
		turn, err = conv.Prepare(ctx, p.prompt)
		if err == nil {
			turn.Attach(p.parts...)
		}
	} else {
		turn, err = conv.PrepareContinue(ctx, p.results)
	}
	var toolErr *loop.ClientToolError
	var noKey *assembly.NoKeyError
	switch {
	case errors.As(err, &toolErr):
		return nil, badRequest("invalid_tool", "tools", "%s", toolErr.Reason)
	case errors.As(err, &noKey), errors.Is(err, assembly.ErrNoModel):
		return nil, &Error{Status: http.StatusInternalServerError, Type: "server_error", Code: "not_configured",
			Message: "the server's agent is not configured: " + err.Error()}
	case err != nil:
		return nil, &Error{Status: http.StatusInternalServerError, Type: "server_error",
			Message: redact.New().String(err.Error())}
	}
	return turn, nil
}

func callNames(calls []llm.ToolCall) string {
	names := make([]string, len(calls))
	for i, c := range calls {
		names[i] = c.Name + " " + c.ID
	}
	return strings.Join(names, ", ")
}

func newID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
