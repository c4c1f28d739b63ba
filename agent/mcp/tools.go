package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Tool is one MCP server tool as the agent sees it.
type Tool struct {
	m      *Manager
	name   string
	server string
	remote *sdk.Tool
}

var _ tool.Tool = (*Tool)(nil)

// Tools returns the tools of every connected server, named
// mcp__<server>__<tool>, unique, in a stable order.
func (m *Manager) Tools() []*Tool {
	names := m.toolNames()
	var out []*Tool
	for _, s := range m.list() {
		s.mu.Lock()
		for _, t := range s.tools {
			out = append(out, &Tool{m: m, name: names[toolKey{s.entry.Name, t.Name}], server: s.entry.Name, remote: t})
		}
		s.mu.Unlock()
	}
	return out
}

// Definition is the tool as the model is shown it.
func (t *Tool) Definition() tool.Definition {
	return tool.Definition{Name: t.name, Description: t.description(), Parameters: schemaOf(t.remote)}
}

func (t *Tool) description() string {
	d := t.remote.Description
	if d == "" {
		d = t.remote.Title
	}
	return fmt.Sprintf("(MCP server %s) %s", t.server, d)
}

// Server names the tool's server.
func (t *Tool) Server() string { return t.server }

// Remote is the tool's name on its server.
func (t *Tool) Remote() string { return t.remote.Name }

// Annotations are the server's own hints about the tool; they come from an
// untrusted party and never decide whether a call is asked about.
func (t *Tool) Annotations() *sdk.ToolAnnotations { return t.remote.Annotations }

// Run calls the tool. A result the server marks isError is an error for
// the model to read; the text is capped and redacted.
func (t *Tool) Run(ctx context.Context, args json.RawMessage) (string, error) {
	return t.m.Call(ctx, t.server, t.remote.Name, args)
}

func schemaOf(t *sdk.Tool) json.RawMessage {
	if t.InputSchema == nil {
		return json.RawMessage(`{"type":"object","properties":{}}`)
	}
	b, err := json.Marshal(t.InputSchema)
	if err != nil {
		return json.RawMessage(`{"type":"object","properties":{}}`)
	}
	return b
}

// definitionTokens estimates what a tool's definition costs in the
// model's context (a token is about four bytes of JSON).
func definitionTokens(name string, t *sdk.Tool) int {
	b, _ := json.Marshal(struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Parameters  any    `json:"parameters"`
	}{name, t.Description, t.InputSchema})
	return (len(b) + 3) / 4
}

// TimeoutError is a call that outlived its server's timeout.
type TimeoutError struct {
	Server, Tool string
	After        string
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("MCP tool %s of server %s did not answer within %s", e.Tool, e.Server, e.After)
}

// Call runs one tool of one server: under the server's timeout, with
// progress forwarded to ctx's tool progress and cancellation sent to the
// server when ctx ends.
func (m *Manager) Call(ctx context.Context, server, name string, args json.RawMessage) (string, error) {
	s, err := m.get(server)
	if err != nil {
		return "", err
	}
	cs, err := s.session()
	if err != nil {
		return "", err
	}
	var arguments any = json.RawMessage(`{}`)
	if len(bytes.TrimSpace(args)) > 0 && !bytes.Equal(bytes.TrimSpace(args), []byte("null")) {
		if !json.Valid(args) {
			return "", fmt.Errorf("invalid arguments for %s: not JSON", name)
		}
		arguments = args
	}
	timeout := s.entry.CallTimeout()
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	token, done := m.progress.open(ctx)
	defer done()
	defer s.track(ctx)()
	params := &sdk.CallToolParams{Name: name, Arguments: arguments}
	params.SetProgressToken(token)
	res, err := cs.CallTool(cctx, params)
	switch {
	case err != nil && ctx.Err() != nil:
		return "", ctx.Err()
	case err != nil && errors.Is(cctx.Err(), context.DeadlineExceeded):
		return "", &TimeoutError{Server: server, Tool: name, After: timeout.String()}
	case err != nil:
		if _, lost := s.session(); lost != nil {
			return "", fmt.Errorf("MCP tool %s of server %s failed: %w", name, server, lost)
		}
		return "", fmt.Errorf("MCP tool %s of server %s failed: %w", name, server, err)
	}
	text := redactCapped(resultText(ctx, res), m.opts.MaxResult)
	if res.IsError {
		if text == "" {
			text = "the tool reported an error without a message"
		}
		return "", errors.New(text)
	}
	return text, nil
}
