package acp

import (
	"context"
	"errors"
	"sync"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/media"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/redact"
)

// live is one open session: its project, its conversation and the
// translation of what the conversation reports (it is the conversation's
// sink).
type live struct {
	a    *Agent
	id   sdk.SessionId
	proj *project.Project
	conv *conversation.Conversation
	// files reads and writes through the editor; nil: the disk.
	files *editorFiles

	mu      sync.Mutex
	tr      Translator
	turn    context.Context // the running prompt's; nil between prompts
	failure *conversation.TurnError
	used    bool
}

// end closes the session's project and what it opened for the editor.
func (s *live) end() {
	s.proj.Close()
	s.files.close()
}

func (s *live) prompted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used
}

func (s *live) prompt(ctx context.Context, in Input) (sdk.PromptResponse, error) {
	s.mu.Lock()
	if s.turn != nil {
		s.mu.Unlock()
		return sdk.PromptResponse{}, sdk.NewInvalidRequest(map[string]any{"error": "a prompt is already running in this session"})
	}
	s.turn, s.failure, s.used = ctx, nil, true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.turn = nil
		s.mu.Unlock()
	}()
	turn, err := s.conv.Prepare(ctx, in.Text)
	var noKey *assembly.NoKeyError
	switch {
	case errors.As(err, &noKey):
		return sdk.PromptResponse{}, sdk.NewAuthRequired(map[string]any{"error": err.Error()})
	case err != nil:
		return sdk.PromptResponse{}, sdk.NewInternalError(map[string]any{"error": redact.New().String(err.Error())})
	}
	for _, f := range in.Files {
		b := turn.Built()
		if b == nil || b.Provider == "" {
			return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": "attachments go with a message to the model, not with a command"})
		}
		att, err := media.Prepare(f.Name, f.Data, string(b.Wire))
		if err != nil {
			return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": err.Error()})
		}
		turn.Attach(att.Part)
	}
	res, err := turn.Run(ctx, nil)
	if err != nil {
		return sdk.PromptResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	s.mu.Lock()
	failure := s.failure
	s.mu.Unlock()
	if b := turn.Built(); failure != nil && !res.Stopped && (b == nil || b.Provider == "") {
		// A built-in command that could not run (nothing to undo, say)
		// answers in words, as it does in the app; it is no failure of
		// the agent.
		s.send(context.WithoutCancel(ctx), sdk.UpdateAgentMessageText(failure.Message))
		return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
	}
	reason, err := StopReason(res, failure)
	return sdk.PromptResponse{StopReason: reason}, err
}

// Emit translates one conversation event for the editor; an approval
// becomes a permission request answered on its own goroutine, since the
// turn waits for the answer.
func (s *live) Emit(e conversation.Event) {
	s.mu.Lock()
	updates := s.tr.Updates(e)
	turn := s.turn
	switch e := e.(type) {
	case *conversation.TurnError:
		s.failure = e
	case *conversation.ApprovalRequested:
		if turn == nil {
			turn = context.Background()
		}
		go s.ask(turn, e.ApprovalRequest)
	case *conversation.ElicitationRequested:
		// ACP v1 has no way to ask for a form: the server is told no.
		go func() { _ = s.conv.AnswerElicitation(e.RequestID, "decline", nil) }()
	}
	// Sent under the lock, so the editor sees the updates in order.
	for _, u := range updates {
		s.send(context.Background(), u)
	}
	s.mu.Unlock()
}

func (s *live) Notice(err error) { s.a.cfg.Logf("hearth acp: %v", err) }
func (s *live) SessionsChanged() {}

func (s *live) ask(ctx context.Context, r conversation.ApprovalRequest) {
	res, err := s.a.client().RequestPermission(ctx, PermissionRequest(s.id, r))
	if err != nil {
		// The turn stopped (or the editor left): the request ends with it.
		if ctx.Err() == nil {
			_ = s.conv.Approve(r.RequestID, optReject, "the editor did not answer: "+err.Error())
		}
		return
	}
	decision, note := Decision(res.Outcome)
	if err := s.conv.Approve(r.RequestID, decision, note); err != nil {
		s.a.cfg.Logf("hearth acp: approval %s: %v", r.RequestID, err)
	}
}

// showTerminal shows the editor's terminal term in tool call id, in
// order with the translated updates.
func (s *live) showTerminal(ctx context.Context, id, term string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.send(ctx, s.tr.Terminal(id, term))
}

func (s *live) send(ctx context.Context, u sdk.SessionUpdate) {
	if err := s.a.client().SessionUpdate(ctx, sdk.SessionNotification{SessionId: s.id, Update: u}); err != nil {
		s.a.cfg.Logf("hearth acp: session/update: %v", err)
	}
}

// sendCommands tells the editor the slash commands it can offer.
func (s *live) sendCommands(ctx context.Context) {
	entries, err := s.conv.CommandCatalog(ctx)
	if err != nil {
		s.a.cfg.Logf("hearth acp: commands: %v", err)
		return
	}
	s.send(ctx, CommandsUpdate(entries))
}

// logWriter writes each slog line through Logf.
type logWriter func(format string, args ...any)
