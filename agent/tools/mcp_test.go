package tools

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// serverTool stands for an MCP server's tool: it counts the calls that
// reached it, which is what the gate must prevent or allow.
type serverTool struct {
	name  string
	calls atomic.Int32
}

func (s *serverTool) Definition() tool.Definition {
	return tool.Definition{Name: s.name, Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (s *serverTool) Run(context.Context, json.RawMessage) (string, error) {
	s.calls.Add(1)
	return "ran", nil
}

// callTool is the deferred mcp_call: it runs the tool named in its arguments.
type callTool struct{ serverTool }

func (c *callTool) Target(args json.RawMessage) (string, json.RawMessage, error) {
	var a struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	err := json.Unmarshal(args, &a)
	return a.Name, a.Arguments, err
}

func TestMCPToolsPassTheGate(t *testing.T) {
	allowGitHub := &permission.Policy{Rules: []permission.Rule{{Kind: permission.KindMCP, Pattern: "mcp__github__*", Effect: permission.Allow}}}
	denyGitHub := &permission.Policy{Rules: []permission.Rule{{Kind: permission.KindMCP, Pattern: "mcp__github__*", Effect: permission.Deny}}}
	tests := []struct {
		name    string
		tool    string
		approve ApproveMode
		policy  *permission.Policy
		runs    bool
	}{
		{"asks by default; headless denies", "mcp__github__create_issue", ApproveNever, &permission.Policy{}, false},
		{"edits do not cover MCP", "mcp__github__create_issue", ApproveEdits, &permission.Policy{}, false},
		{"all covers MCP", "mcp__github__create_issue", ApproveAll, &permission.Policy{}, true},
		{"a rule allows a server's tools", "mcp__github__create_issue", ApproveNever, allowGitHub, true},
		{"the rule is per server", "mcp__memory__read_graph", ApproveNever, allowGitHub, false},
		{"deny beats --approve all", "mcp__github__create_issue", ApproveAll, denyGitHub, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &serverTool{name: tt.tool}
			_, tl := newWS(t, nil, Config{Approve: tt.approve, Policy: tt.policy, MCP: []tool.Tool{st}})
			_, err := tl[tt.tool].Run(context.Background(), json.RawMessage(`{}`))
			var denied *tool.DeniedError
			if tt.runs != (err == nil) || tt.runs != (st.calls.Load() == 1) || (!tt.runs && !errors.As(err, &denied)) {
				t.Fatalf("err %v, calls %d, want runs=%v", err, st.calls.Load(), tt.runs)
			}
		})
	}
}

func TestMCPApprovalShowsTheCall(t *testing.T) {
	var asked []permission.Request
	approver := permission.ApproverFunc(func(_ context.Context, req permission.Request) (permission.Decision, error) {
		asked = append(asked, req)
		return permission.Decision{Choice: permission.AllowSession}, nil
	})
	st := &serverTool{name: "mcp__memory__create_entities"}
	ct := &callTool{serverTool{name: "mcp_call"}}
	_, tl := newWS(t, nil, Config{Approver: approver, Policy: &permission.Policy{}, MCP: []tool.Tool{st, ct}})
	args := json.RawMessage(`{"entities":[{"name":"Ann"}]}`)
	for range 2 {
		if _, err := tl[st.name].Run(context.Background(), args); err != nil {
			t.Fatal(err)
		}
	}
	if len(asked) != 1 || asked[0].Kind != permission.KindMCP || asked[0].Args != string(args) || asked[0].Path != st.name {
		t.Fatalf("asked %+v; want one ask (then the session grant) with the arguments", asked)
	}
	// mcp_call is judged as the tool it runs, with that tool's arguments.
	if _, err := tl["mcp_call"].Run(context.Background(), json.RawMessage(`{"name":"mcp__github__delete_repo","arguments":{"repo":"x"}}`)); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 2 || asked[1].Tool != "mcp__github__delete_repo" || asked[1].Args != `{"repo":"x"}` {
		t.Fatalf("mcp_call asked %+v", asked[1:])
	}
}
