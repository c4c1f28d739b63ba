package assembly

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// shiftingServer is a real MCP server (the official SDK's, over streamable
// HTTP on 127.0.0.1) whose add-tool adds late-tool and whose drop-tool
// removes it, each announced with tools/list_changed. A call returns once
// the client has asked for the new list, as a server whose notification
// travels before its result would.
func shiftingServer(t *testing.T) string {
	t.Helper()
	srv := sdk.NewServer(&sdk.Implementation{Name: "shifting", Version: "1"}, nil)
	var mu sync.Mutex
	var listed chan struct{} // closed at the next tools/list
	srv.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if method == "tools/list" {
				mu.Lock()
				if listed != nil {
					close(listed)
					listed = nil
				}
				mu.Unlock()
			}
			return next(ctx, method, req)
		}
	})
	empty := map[string]any{"type": "object", "properties": map[string]any{}}
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
	}
	change := func(ctx context.Context, apply func()) error {
		ch := make(chan struct{})
		mu.Lock()
		listed = ch
		mu.Unlock()
		apply()
		select {
		case <-ch:
			return nil
		case <-time.After(10 * time.Second):
			return fmt.Errorf("the client never listed the tools again")
		}
	}
	srv.AddTool(&sdk.Tool{Name: "add-tool", Description: "Adds late-tool.", InputSchema: empty}, func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return text("added late-tool"), change(ctx, func() {
			srv.AddTool(&sdk.Tool{Name: "late-tool", Description: "Came late.", InputSchema: empty}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return text("late-tool ran"), nil
			})
		})
	})
	srv.AddTool(&sdk.Tool{Name: "drop-tool", Description: "Removes late-tool.", InputSchema: empty}, func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return text("dropped late-tool"), change(ctx, func() { srv.RemoveTools("late-tool") })
	})
	hs := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(hs.Close)
	return hs.URL
}

// modelScript is a loopback OpenAI Chat Completions server that answers
// with scripted tool calls (then "done") and keeps the tool names each
// request offered.
type modelScript struct {
	mu      sync.Mutex
	calls   [][2]string // one tool call (name, arguments) per reply
	offered [][]string
}

func (s *modelScript) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	var req struct {
		Tools []struct {
			Function struct{ Name string } `json:"function"`
		} `json:"tools"`
	}
	b, _ := io.ReadAll(r.Body)
	json.Unmarshal(b, &req)
	var names []string
	for _, tl := range req.Tools {
		names = append(names, tl.Function.Name)
	}
	s.mu.Lock()
	n := len(s.offered)
	s.offered = append(s.offered, names)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	if n < len(s.calls) {
		args, _ := json.Marshal(s.calls[n][1])
		fmt.Fprintf(w, "data: %s\n\n", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c`+fmt.Sprint(n)+`","type":"function","function":{"name":"`+s.calls[n][0]+`","arguments":`+string(args)+`}}]}}]}`)
		fmt.Fprint(w, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n")
		return
	}
	fmt.Fprint(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"done\"}}]}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
}

// runShifting runs one turn against shiftingServer, the model making
// calls, with the MCP budget share given (0: the default); it returns the
// tools each request offered and the calls' results.
func runShifting(t *testing.T, budget float64, calls ...[2]string) ([][]string, []loop.ToolCallFinished) {
	t.Helper()
	url := shiftingServer(t)
	m := mcp.NewManager(mcp.Options{Workspace: t.TempDir()})
	t.Cleanup(m.Close) // before the server closes, which waits for the client's stream
	m.Start(mcp.Entry{Named: config.Named{Name: "shift", Server: config.Server{Type: config.HTTP, URL: url}}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	script := &modelScript{calls: calls}
	ps := httptest.NewServer(script)
	t.Cleanup(ps.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: ps.URL + "/v1"}}
	b, err := Build(ctx, func(context.Context, string) (string, error) { return "", nil }, Spec{
		Settings: st, ProviderID: "custom:script", Model: "scripted-model", Workspace: t.TempDir(),
		Tools: tools.Config{Approve: tools.ApproveAll}, MCP: m, MCPBudget: budget})
	if err != nil {
		t.Fatal(err)
	}
	var finished []loop.ToolCallFinished
	res := b.Agent.Run(ctx, nil, "use the server", func(e loop.Event) {
		if f, ok := e.(loop.ToolCallFinished); ok {
			finished = append(finished, f)
		}
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	script.mu.Lock()
	defer script.mu.Unlock()
	if len(script.offered) != len(calls)+1 {
		t.Fatalf("%d model requests, want %d", len(script.offered), len(calls)+1)
	}
	if len(finished) != len(calls) {
		t.Fatalf("%d tool calls finished, want %d", len(finished), len(calls))
	}
	return script.offered, finished
}

// A tool a server adds while a turn runs is offered at the turn's next
// request, and one it removes is gone from the one after: a call to it is
// a tool error the model reads.
func TestTurnFollowsToolListChanged(t *testing.T) {
	const add, late, drop = "mcp__shift__add-tool", "mcp__shift__late-tool", "mcp__shift__drop-tool"
	offered, finished := runShifting(t, 0, [2]string{add, "{}"}, [2]string{late, "{}"}, [2]string{drop, "{}"}, [2]string{late, "{}"})
	for i, want := range []bool{false, true, true, false, false} {
		if got := slices.Contains(offered[i], late); got != want {
			t.Errorf("request %d offers late-tool: %v, want %v (offered %v)", i+1, got, want, offered[i])
		}
		if !slices.Contains(offered[i], add) || !slices.Contains(offered[i], "read_file") {
			t.Errorf("request %d lost the other tools: %v", i+1, offered[i])
		}
	}
	if f := finished[1]; f.Status != tool.StatusSucceeded || !strings.Contains(f.Output, "late-tool ran") {
		t.Errorf("the added tool's call: %s %q", f.Status, f.Output)
	}
	if f := finished[3]; f.Status != tool.StatusFailed || !strings.Contains(f.Output, `there is no tool named "`+late+`"`) {
		t.Errorf("a call to the removed tool: %s %q", f.Status, f.Output)
	}
}

// With the tools deferred behind mcp_search (past the budget), a tool a
// server adds mid-turn is found by the next search of the same turn.
func TestDeferredSearchFindsAToolAddedMidTurn(t *testing.T) {
	offered, finished := runShifting(t, 1e-9,
		[2]string{"mcp_call", `{"name":"mcp__shift__add-tool","arguments":{}}`},
		[2]string{"mcp_search", `{"query":"late"}`},
		[2]string{"mcp_call", `{"name":"mcp__shift__late-tool","arguments":{}}`})
	for i := range offered {
		if slices.ContainsFunc(offered[i], func(n string) bool { return strings.HasPrefix(n, "mcp__") }) || !slices.Contains(offered[i], "mcp_search") {
			t.Errorf("request %d: the tools must stay deferred: %v", i+1, offered[i])
		}
	}
	if f := finished[1]; f.Status != tool.StatusSucceeded || !strings.Contains(f.Output, "mcp__shift__late-tool") {
		t.Errorf("mcp_search after the server added late-tool: %s %q", f.Status, f.Output)
	}
	if f := finished[2]; f.Status != tool.StatusSucceeded || !strings.Contains(f.Output, "late-tool ran") {
		t.Errorf("mcp_call of the added tool: %s %q", f.Status, f.Output)
	}
}
