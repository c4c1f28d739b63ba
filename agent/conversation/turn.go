package conversation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/knowledge"
)

// runTurns runs turn, then every prompt queued meanwhile, in order.
func (c *Conversation) runTurns(next queuedTurn) {
	for {
		c.runTurn(next)
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

func (c *Conversation) runTurn(t queuedTurn) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.mu.Lock()
	ws, history, broker, todos, state := c.workspace, c.history, c.broker, c.todos, c.tools
	c.cancel, c.active = cancel, t.id
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}()

	st := c.cfg.Settings()
	stream := newTurnStream(c.sink.Emit, redact.New(), t.id)
	stream.send(&TurnStarted{Prompt: t.prompt, StartedAt: time.Now().UnixMilli()})
	tc := tools.Config{Approve: approveMode(st.ApprovalMode), Approver: broker, Todos: todos, State: state}
	if c.cfg.Trust != nil {
		tc.Trust = c.cfg.Trust()
	}
	snap := c.beginUndo(t.id, ws)
	if snap != nil {
		tc.Snapshot = assembly.Snapshots{Turn: snap}
	}
	stream.beforeDone = func() {
		c.finishUndo(stream, snap)
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}
	if index := c.index(); index != nil {
		tc.Search = assembly.IndexSearcher{Index: index}
		// The agent's own writes are searchable before its tool call returns.
		tc.Changed = func(ctx context.Context, abs []string) { _ = index.Reindex(ctx, abs...) }
	}
	built, err := assembly.Build(ctx, c.cfg.Keys, assembly.Spec{
		Settings: st, Workspace: ws, Getenv: c.cfg.Getenv, Tools: tc,
	})
	if err != nil {
		failTurn(stream, err)
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
	rec := c.beginRecording(rctx, ws, built.Provider, built.Model, t.prompt)
	if rec != nil && snap != nil {
		c.linkUndo(rctx, rec.UserMessageID(), t.id)
	}
	res := built.Agent.Run(ctx, history, t.prompt, func(e loop.Event) {
		stream.event(e)
		if rec != nil {
			rec.Event(rctx, e)
		}
	})
	if rec != nil && rec.Err() != nil {
		c.sink.Notice(fmt.Errorf("the conversation could not be saved: %w", rec.Err()))
	}
	c.mu.Lock()
	c.history = res.Messages
	c.turns = append(c.turns, mark)
	if rec != nil {
		c.storedTo = rec.LastMessageID()
	}
	sessionID := c.sessionID
	c.mu.Unlock()
	c.maybeNameSession(sessionID, rec != nil && mark.storedBefore == 0, built, t.prompt, res)
}

func (c *Conversation) index() *knowledge.Index {
	if c.cfg.Index == nil {
		return nil
	}
	return c.cfg.Index()
}

// failTurn ends a turn that could not start, with a class the UI can act
// on (no_key opens Settings at the provider).
func failTurn(s *turnStream, err error) {
	class := "invalid_request"
	var noKey *assembly.NoKeyError
	switch {
	case errors.As(err, &noKey):
		class = "no_key"
	case errors.Is(err, assembly.ErrNoModel):
		class = "no_model"
	}
	// A provider's refusal can quote what it was sent, a key included.
	s.send(&TurnError{Class: class, Message: s.red.String(err.Error())})
	s.send(&Done{})
}

func (c *Conversation) publishApproval(req permission.Request) {
	c.mu.Lock()
	s := c.stream
	c.mu.Unlock()
	if s != nil {
		s.approvalRequested(req)
	}
}

// approvalResolved announces the end of a request with the user's choice
// (none when the turn was stopped while it waited).
func (c *Conversation) approvalResolved(id string) {
	c.mu.Lock()
	s := c.stream
	decision, decided := c.decisions[id]
	delete(c.decisions, id)
	c.mu.Unlock()
	if s == nil {
		return
	}
	ev := &ApprovalResolved{RequestID: id}
	if decided {
		ev.Decision = decision
	}
	s.send(ev)
}
