package record

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
)

// clientCall stores a call of an API client's tool in step: answered by
// result, or waiting for the client (interrupted, no output) when nil.
func (r *Recorder) clientCall(ctx context.Context, step *session.Turn, c llm.ToolCall, result *llm.ToolResult) error {
	args := string(c.Args)
	if c.RawArgs != "" {
		args = c.RawArgs
	}
	if err := step.ToolStarted(ctx, session.ToolStart{CallID: c.ID, Name: c.Name, Args: args}); err != nil {
		return err
	}
	end := session.ToolResult{CallID: c.ID, Status: session.ToolInterrupted, Approval: session.ApprovalClient}
	if result != nil {
		end.Status, end.Output = session.ToolOK, result.Content
		if result.IsError {
			end.Status = session.ToolError
		}
	}
	return step.ToolFinished(ctx, end)
}

// awaitingClient reports whether c is a client tool's call whose result
// has not come.
func awaitingClient(c session.ToolCall) bool {
	return c.Approval == session.ApprovalClient && c.Status == session.ToolInterrupted && c.Output == ""
}

// Continue returns the recorder of a turn that goes on after client tool
// calls: results are stored on the calls waiting for them, and calling
// (the assistant message that made the calls, when the session does not
// hold it: a client that sent the whole history) is stored as a step of
// its own with them. promptID is the turn's stored prompt, if any, and
// after the last message stored before.
func Continue(ctx context.Context, store *session.Store, sessionID, provider, model string, calling *llm.Message,
	results []llm.ToolResult, promptID, after int64) (*Recorder, error) {
	in := make([]session.ClientResult, len(results))
	for i, res := range results {
		in[i] = session.ClientResult{CallID: res.CallID, Output: res.Content, IsError: res.IsError}
	}
	n, err := store.SetClientResults(ctx, sessionID, in)
	if err != nil {
		return nil, fmt.Errorf("saving the client's tool results: %w", err)
	}
	var red *redact.Redactor
	r := &Recorder{store: store, sessionID: sessionID, provider: provider, model: model, userID: promptID, lastID: after,
		text: red.Stream(), reasoning: red.Stream()}
	if n == len(results) || calling == nil {
		return r, nil
	}
	byID := map[string]*llm.ToolResult{}
	for i := range results {
		byID[results[i].CallID] = &results[i]
	}
	step, err := store.BeginAssistant(ctx, sessionID, provider, model)
	if err != nil {
		return nil, fmt.Errorf("saving the client's tool calls: %w", err)
	}
	step.AppendText(calling.Text)
	for _, c := range calling.ToolCalls {
		if err := r.clientCall(ctx, step, c, byID[c.ID]); err != nil {
			return nil, fmt.Errorf("saving the client's tool calls: %w", err)
		}
	}
	if err := step.Finish(ctx, session.End{State: session.StateComplete}); err != nil {
		return nil, fmt.Errorf("saving the client's tool calls: %w", err)
	}
	r.lastID = step.MessageID()
	return r, nil
}
