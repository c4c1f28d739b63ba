package conversation

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/commands"
	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/hooks"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/media"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/knowledge"
)

// Turn is a prompt whose agent is built, ready to run once.
type Turn struct {
	c              *Conversation
	id, prompt, ws string
	// typed is the prompt as the person typed it; prompt becomes what the
	// model is sent (a command's expansion, a hook's context added).
	typed  string
	stream *turnStream
	// project is what the folder brings, read and judged once for the turn.
	project *trust.Effective
	snap    *undo.Turn
	built   *assembly.Built
	// results answer the client tool calls the previous turn ended on
	// (PrepareContinue); the turn then has no prompt of its own for the model.
	results []llm.ToolResult
	// parts are the prompt's attachments (Attach).
	parts []llm.Part
	// blobs are mentioned MCP resources' binary contents, attached once
	// the turn is built.
	blobs []mcp.Blob

	// local runs a built-in command instead of the model.
	local func(ctx context.Context) (string, error)
	// pre are events of preparing the turn (a command's `!` lines, hooks),
	// handed to Run's observer before the loop's.
	pre []loop.Event
	// hooks are the session's hooks (nil: none).
	hooks *hooks.Set
	// command is the file command the prompt named, if any.
	command *commands.Command
	// check is the project check run at the turn's end (nil: none).
	check *turnCheck

	mu      sync.Mutex // orders reported events with the loop's
	running bool
	observe func(loop.Event)
	// record stores a hook run reported from outside the loop (nil until
	// Run records the turn).
	record func(loop.HookRan)
}

// Built is the agent the turn runs, with its provider, model and key (for
// a caller that redacts what it prints).
func (t *Turn) Built() *assembly.Built { return t.built }

// Attach adds prepared attachments (images, documents, text) to the turn's
// prompt; call it before Run.
func (t *Turn) Attach(parts ...llm.Part) { t.parts = append(t.parts, parts...) }

// Prepare builds the agent for prompt as the next turn, for a caller that
// runs it on its own goroutine (the CLI); the desktop's turns go through
// Send. A failure to build is returned as it is.
func (c *Conversation) Prepare(ctx context.Context, prompt string) (*Turn, error) {
	if c.Workspace() == "" {
		return nil, inputf("workspace", "open a folder first")
	}
	t, err := c.prepare(ctx, newTurnID(), prompt, nil)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// prepare announces the turn and runs its stages (turnStages) with files
// as the prompt's attachments; on failure the turn (its stream) is still
// returned.
func (c *Conversation) prepare(ctx context.Context, id, prompt string, files []File) (*Turn, error) {
	ctx, t, p := c.begin(ctx, id, prompt, files)
	return t, runStages(ctx, p, turnStages)
}

// begin announces the turn and gathers what its stages need.
func (c *Conversation) begin(ctx context.Context, id, prompt string, files []File) (context.Context, *Turn, *prep) {
	ctx = egress.WithConversation(ctx, c.SessionID)
	c.mu.Lock()
	ws, broker, todos, state, choice, procs := c.workspace, c.broker, c.todos, c.tools, c.choice, c.procs
	c.mu.Unlock()
	st, a := applyChoice(c.cfg.Settings(), c.cfg.Agent, choice)
	t := &Turn{c: c, id: id, prompt: prompt, typed: prompt, ws: ws, stream: newTurnStream(c.sink.Emit, redact.New(), id)}
	started := time.Now().UnixMilli()
	t.stream.send(&TurnStarted{Prompt: prompt, StartedAt: started})
	p := &prep{c: c, t: t, broker: broker, todos: todos, state: state, procs: procs, started: started, files: files,
		spec: assembly.Spec{
			Settings: st, ProviderID: a.ProviderID, BaseURL: a.BaseURL, Model: a.Model, MaxIterations: a.MaxIterations,
			Workspace: ws, Getenv: c.cfg.Getenv,
			ClientTools: a.ClientTools, ToolChoice: a.ToolChoice, Temperature: a.Temperature, MaxTokens: a.MaxTokens, HTTP: c.cfg.HTTP,
			Cache: c.cfg.Cache,
		}}
	return ctx, t, p
}

// Run runs the turn to its end on the caller's goroutine; cancelling ctx
// stops it, and it is still recorded as stopped. observe, when set, sees
// every loop event as the loop emits it, before redaction (a front-end
// that prints the stream redacts with Built().Key). The error is a
// headless turn's failure to start recording; the loop's own failure is
// in the result.
func (t *Turn) Run(ctx context.Context, observe func(loop.Event)) (loop.Result, error) {
	c, built, stream := t.c, t.built, t.stream
	t.mu.Lock()
	t.running, t.observe = true, observe
	if observe != nil {
		for _, e := range t.pre {
			observe(e)
		}
	}
	t.mu.Unlock()
	if t.local != nil {
		return t.runLocal(ctx, observe), nil
	}
	c.mu.Lock()
	c.stream, c.live = stream, t
	history := c.history
	if t.results == nil {
		history = closePending(history, c.pending)
	}
	mark := turnMark{id: t.id, prompt: t.typed, historyStart: len(history), storedBefore: c.storedTo}
	c.mu.Unlock()
	ctx = tool.WithProgress(ctx, stream.progress)
	ctx = egress.WithConversation(ctx, c.SessionID) // its requests are in its network log
	if !c.cfg.Headless {
		ctx = mcp.WithElicitor(ctx, c.elicitor(stream))
	}
	// Recording outlives Stop so a stopped turn is saved as stopped.
	rctx := context.WithoutCancel(ctx)
	var rec *record.Recorder
	var err error
	if t.results != nil {
		rec, err = c.beginContinue(rctx, t.ws, built.Provider, built.Model, t.results)
	} else {
		rec, err = c.beginRecording(rctx, t.ws, built.Provider, built.Model, t.prompt, t.typed, t.parts)
	}
	if err != nil {
		return loop.Result{}, err
	}
	if rec != nil && t.snap != nil && rec.UserMessageID() != 0 {
		c.linkUndo(rctx, rec.UserMessageID(), t.id)
	}
	recording := rec
	t.mu.Lock()
	t.record = func(e loop.HookRan) {
		if recording != nil {
			recording.Event(rctx, e)
		}
	}
	// The prompt's hooks ran before it was stored: they are kept with it.
	for _, e := range t.pre {
		if h, ok := e.(loop.HookRan); ok {
			t.record(h)
		}
	}
	t.mu.Unlock()
	ctx = subagent.WithEvents(ctx, func(e subagent.Event) {
		t.mu.Lock() // ordered with the loop's own events
		defer t.mu.Unlock()
		stream.subagent(e)
		if rec != nil {
			rec.Subagent(e)
		}
	})
	// With Stop hooks the turn's end waits for their answer.
	holdDone := t.hooks.Has(hooks.Stop) || t.check != nil
	var held *loop.TurnDone
	emit := func(e loop.Event) {
		t.mu.Lock()
		defer t.mu.Unlock()
		if d, ok := e.(loop.TurnDone); ok && holdDone {
			held = &d
			return
		}
		if ce, ok := e.(loop.Compacted); ok && ce.Kind == "summary" {
			c.mu.Lock()
			c.startSource = "compact" // the next turn's SessionStart says so
			c.mu.Unlock()
		}
		if observe != nil {
			observe(e)
		}
		stream.event(e)
		if recording != nil {
			recording.Event(rctx, e)
			if c.cfg.Headless && recording.Err() != nil {
				// A headless run says so at once and stops recording.
				c.sink.Notice(&SaveError{Err: recording.Err()})
				recording = nil
			}
		}
	}
	if built.Wire != provider.WireAnthropic {
		history = media.DocumentsAsText(history) // PDFs sent on the Anthropic wire go on as their text
	}
	var res loop.Result
	if t.results != nil {
		res = built.Agent.Continue(ctx, history, t.results, emit)
	} else {
		res = built.Agent.RunMessage(ctx, history, llm.Message{Role: llm.RoleUser, Text: t.prompt, Parts: t.parts}, emit)
	}
	if holdDone {
		goOn := func(origin string) func(string) {
			return func(text string) {
				t.mu.Lock()
				defer t.mu.Unlock()
				if recording != nil {
					recording.Continue(rctx, text, origin) // reopening shows why the agent went on
				}
			}
		}
		if t.hooks.Has(hooks.Stop) {
			res = t.afterStop(ctx, res, emit, &held, goOn("hook:Stop"))
		}
		res = t.afterCheck(ctx, res, emit, &held, goOn("hook:"+checkEvent)) // reopened like a Stop hook's continuation
		holdDone = false
		if held != nil {
			emit(*held)
		}
	}
	if !c.cfg.Headless && rec != nil && rec.Err() != nil {
		c.sink.Notice(fmt.Errorf("the conversation could not be saved: %w", rec.Err()))
	}
	c.mu.Lock()
	c.history, c.pending = res.Messages, res.ClientCalls
	mark.failed = res.Err != nil && !res.Stopped
	c.turns = append(c.turns, mark)
	if rec != nil {
		c.storedTo = rec.LastMessageID()
	}
	sessionID := c.sessionID
	c.mu.Unlock()
	c.maybeNameSession(sessionID, rec != nil && mark.storedBefore == 0, built, t.prompt, res)
	return res, nil
}

// SaveError is a recording that failed in the middle of a turn.
type SaveError struct{ Err error }

func (e *SaveError) Error() string { return "the session stopped being saved: " + e.Err.Error() }
func (e *SaveError) Unwrap() error { return e.Err }

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
