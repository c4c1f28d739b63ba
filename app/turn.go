package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// runTurns runs turn, then every prompt queued meanwhile, in order.
func (a *App) runTurns(next queuedTurn) {
	for {
		a.runTurn(next)
		c := &a.chat
		c.mu.Lock()
		if len(c.queue) == 0 {
			c.running, c.cancel, c.stream = false, nil, nil
			c.mu.Unlock()
			return
		}
		next, c.queue = c.queue[0], c.queue[1:]
		c.mu.Unlock()
	}
}

func (a *App) runTurn(t queuedTurn) {
	c := &a.chat
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.mu.Lock()
	ws, history, broker, todos, state, index := c.workspace, c.history, c.broker, c.todos, c.tools, c.index
	c.cancel, c.active = cancel, t.id
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}()

	stream := newTurnStream(a.emit, redact.New(), t.id)
	stream.send(&conversation.TurnStarted{Prompt: t.prompt, StartedAt: time.Now().UnixMilli()})
	tc := tools.Config{Approve: approveMode(a.deps.Settings.Get().ApprovalMode), Approver: broker, Todos: todos, State: state,
		Trust: a.trustStore()}
	snap := a.beginUndo(t.id, ws)
	if snap != nil {
		tc.Snapshot = assembly.Snapshots{Turn: snap}
	}
	stream.beforeDone = func() {
		a.finishUndo(stream, snap)
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}
	if index != nil {
		tc.Search = assembly.IndexSearcher{Index: index}
		// The agent's own writes are searchable before its tool call returns.
		tc.Changed = func(ctx context.Context, abs []string) { _ = index.Reindex(ctx, abs...) }
	}
	built, err := assembly.Build(ctx, a.resolveKey, assembly.Spec{
		Settings: a.deps.Settings.Get(), Workspace: ws, Getenv: a.deps.Getenv, Tools: tc,
	})
	if err != nil {
		a.failTurn(stream, err)
		return
	}
	stream.red, stream.window = redact.New(built.Key), built.Window
	c.mu.Lock()
	c.stream = stream
	c.mu.Unlock()
	ctx = tool.WithProgress(ctx, stream.progress)
	// Recording outlives Stop so a stopped turn is saved as stopped.
	rctx := context.WithoutCancel(ctx)
	c.mu.Lock()
	mark := turnMark{id: t.id, prompt: t.prompt, historyStart: len(history), storedBefore: c.storedTo}
	c.mu.Unlock()
	rec := a.beginRecording(rctx, ws, built.Provider, built.Model, t.prompt)
	if rec != nil && snap != nil {
		a.linkUndo(rctx, rec.UserMessageID(), t.id)
	}
	res := built.Agent.Run(ctx, history, t.prompt, func(e loop.Event) {
		stream.event(e)
		if rec != nil {
			rec.Event(rctx, e)
		}
	})
	if rec != nil && rec.Err() != nil {
		a.emit("notice", FormatError(fmt.Errorf("the conversation could not be saved: %w", rec.Err())))
	}
	c.mu.Lock()
	c.history = res.Messages
	c.turns = append(c.turns, mark)
	if rec != nil {
		c.storedTo = rec.LastMessageID()
	}
	sessionID := c.sessionID
	c.mu.Unlock()
	a.maybeNameSession(sessionID, rec != nil && mark.storedBefore == 0, built, t.prompt, res)
}

// failTurn ends a turn that could not start, with a class the UI can act
// on (no_key opens Settings at the provider).
func (a *App) failTurn(s *turnStream, err error) {
	class := "invalid_request"
	var noKey *assembly.NoKeyError
	switch {
	case errors.As(err, &noKey):
		class = "no_key"
	case errors.Is(err, assembly.ErrNoModel):
		class = "no_model"
	}
	// A provider's refusal can quote what it was sent, a key included.
	s.send(&conversation.TurnError{Class: class, Message: s.red.String(err.Error())})
	s.send(&conversation.Done{})
}

func (a *App) resolveKey(ctx context.Context, id string) (string, error) {
	key, _, err := a.deps.Secrets.Resolve(ctx, id)
	return key, err
}

func (a *App) publishApproval(req permission.Request) {
	a.chat.mu.Lock()
	s := a.chat.stream
	a.chat.mu.Unlock()
	if s != nil {
		s.approvalRequested(req)
	}
}

// approvalResolved announces the end of a request with the user's choice
// (none when the turn was stopped while it waited).
func (a *App) approvalResolved(id string) {
	a.chat.mu.Lock()
	s := a.chat.stream
	decision, decided := a.chat.decisions[id]
	delete(a.chat.decisions, id)
	a.chat.mu.Unlock()
	if s == nil {
		return
	}
	ev := &conversation.ApprovalResolved{RequestID: id}
	if decided {
		ev.Decision = decision
	}
	s.send(ev)
}
