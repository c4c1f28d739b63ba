package conversation

import (
	"context"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Extend appends msgs to the history the next turn is given (an API
// request that brings the conversation so far with it).
func (c *Conversation) Extend(msgs ...llm.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return inputf("history", "stop the running turn first")
	}
	c.history = append(c.history[:len(c.history):len(c.history)], msgs...)
	return nil
}

// unanswered are the client tool calls a stored history ends on without
// their results (record.History leaves them out).
func unanswered(history []llm.Message) []llm.ToolCall {
	n := len(history)
	answered := map[string]bool{}
	if n > 0 && history[n-1].Role == llm.RoleTool {
		for _, r := range history[n-1].ToolResults {
			answered[r.CallID] = true
		}
		n--
	}
	if n == 0 || history[n-1].Role != llm.RoleAssistant {
		return nil
	}
	var out []llm.ToolCall
	for _, c := range history[n-1].ToolCalls {
		if !answered[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

// closePending answers the client calls history ends on as not run, so a
// new prompt can follow them (the client went on without answering).
func closePending(history []llm.Message, pending []llm.ToolCall) []llm.Message {
	if len(pending) == 0 {
		return history
	}
	results := make([]llm.ToolResult, len(pending))
	for i, p := range pending {
		results[i] = llm.ToolResult{CallID: p.ID, Name: p.Name, Content: "The client did not run this call.", IsError: true}
	}
	out := slices.Clip(history)
	if n := len(out); n > 0 && out[n-1].Role == llm.RoleTool {
		last := out[n-1]
		last.ToolResults = append(slices.Clip(last.ToolResults), results...)
		return append(out[:n-1:n-1], last)
	}
	return append(out, llm.Message{Role: llm.RoleTool, ToolResults: results})
}

// PendingClientCalls are the client tool calls the last turn ended on,
// still waiting for their results; nil when it ended otherwise.
func (c *Conversation) PendingClientCalls() []llm.ToolCall {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending
}

// PrepareContinue builds the turn that goes on after client tool calls,
// given their results; it is stored with a prompt naming what the client
// answered.
func (c *Conversation) PrepareContinue(ctx context.Context, results []llm.ToolResult) (*Turn, error) {
	if c.Workspace() == "" {
		return nil, inputf("workspace", "open a folder first")
	}
	if len(results) == 0 {
		return nil, inputf("results", "no tool results to continue with")
	}
	t, err := c.prepare(ctx, newTurnID(), continuePrompt(results), nil)
	if err != nil {
		return nil, err
	}
	t.results = results
	return t, nil
}

// continuePrompt is how a continuation is stored and shown: the results
// the client sent, each under its tool's name.
func continuePrompt(results []llm.ToolResult) string {
	var b strings.Builder
	b.WriteString("Results of the client's tools:")
	for _, r := range results {
		b.WriteString("\n\n")
		b.WriteString(r.Name)
		b.WriteString(": ")
		b.WriteString(r.Content)
	}
	return b.String()
}

// Choose sets the provider, model and request options the next turn's
// agent is built with (a server whose requests each name their own).
func (c *Conversation) Choose(a AgentChoice) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return inputf("agent", "stop the running turn first")
	}
	c.cfg.Agent = a
	return nil
}
