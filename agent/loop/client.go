package loop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// ClientToolError is a client tool the agent cannot offer.
type ClientToolError struct{ Name, Reason string }

func (e *ClientToolError) Error() string { return e.Reason }

// addClientTools offers tools the caller runs itself (an API client's own
// functions) beside the agent's; a response calling one ends the turn.
func (ts *toolset) addClientTools(defs []llm.ToolDef) error {
	for _, d := range defs {
		if d.Name == "" {
			return &ClientToolError{Reason: "a client tool has no name"}
		}
		if _, dup := ts.byName[d.Name]; dup {
			return &ClientToolError{Name: d.Name, Reason: fmt.Sprintf(
				"the client tool %q has the name of one of the agent's own tools or of another client tool; rename it", d.Name)}
		}
		if len(bytes.TrimSpace(d.Parameters)) == 0 {
			d.Parameters = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		ts.byName[d.Name] = &entry{def: d, client: true}
		ts.defs = append(ts.defs, d)
	}
	slices.SortFunc(ts.defs, func(a, b llm.ToolDef) int { return strings.Compare(a.Name, b.Name) })
	return nil
}

// splitClient separates the calls of client tools from the agent's own.
func (ts *toolset) splitClient(calls []llm.ToolCall) (own, client []llm.ToolCall) {
	for _, c := range calls {
		if e, ok := ts.byName[c.Name]; ok && e.client {
			client = append(client, c)
		} else {
			own = append(own, c)
		}
	}
	return own, client
}

// Continue goes on with a turn that ended on client tool calls: results
// answer them (joined to the tool results the agent already gave in the
// same step), and the loop runs from there as Run does.
func (a *Agent) Continue(ctx context.Context, history []llm.Message, results []llm.ToolResult, emit func(Event)) Result {
	msgs := append(make([]llm.Message, 0, len(history)+8), history...)
	if n := len(msgs); n > 0 && msgs[n-1].Role == llm.RoleTool {
		last := msgs[n-1]
		last.ToolResults = append(slices.Clip(last.ToolResults), results...)
		msgs[n-1] = last
	} else {
		msgs = append(msgs, llm.Message{Role: llm.RoleTool, ToolResults: results})
	}
	return a.run(ctx, msgs, emit)
}
