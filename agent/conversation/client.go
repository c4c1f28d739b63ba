package conversation

import (
	"context"
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
	t, err := c.prepare(ctx, newTurnID(), continuePrompt(results))
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
