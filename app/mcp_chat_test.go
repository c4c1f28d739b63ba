package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// everythingChat opens a desktop chat whose user servers include
// server-everything as "ev", with MCP calls allowed by the approval mode.
func everythingChat(t *testing.T, p *scriptedProvider) (*App, *recorder) {
	t.Helper()
	a, rec, _ := chatApp(t, p, "auto")
	addEverything(t, a)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	waitMCP(t, a)
	return a, rec
}

// addEverything names server-everything as "ev" in the person's mcp.json.
func addEverything(t *testing.T, a *App) {
	t.Helper()
	everything := mcptest.Bin(t, "mcp-server-everything")
	cfg := filepath.Dir(a.deps.Settings.Path())
	if err := os.WriteFile(filepath.Join(cfg, "mcp.json"), []byte(`{"mcpServers": {"ev": {"command": "`+everything+`", "args": ["stdio"]}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
}

// eventsOf returns the recorded events of type typ.
func (r *recorder) eventsOf(typ string) []map[string]any { return r.where("type", typ) }

// where returns the recorded chat events whose field key is value.
func (r *recorder) where(key, value string) []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []map[string]any
	for _, e := range r.events {
		if e[key] == value {
			out = append(out, e)
		}
	}
	return out
}

// A long MCP call's progress notifications reach its running tool row, and
// Stop cancels the call at the server while the turn ends as stopped.
func TestChatShowsMCPProgressAndStopCancelsTheCall(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_p", "mcp__ev__trigger-long-running-operation", `{"duration":0.6,"steps":3}`),
		textReply("Done."),
		toolReply("call_s", "mcp__ev__trigger-long-running-operation", `{"duration":60,"steps":60}`),
		textReply("never sent"),
	}}
	a, rec := everythingChat(t, p)
	if _, err := a.h.Chat.Send(a.shownID(), "run it"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	var saw bool
	for _, e := range rec.eventsOf("tool_progress") {
		if e["callId"] == "call_p" && strings.Contains(e["chunk"].(string), "progress 1/3") {
			saw = true
		}
	}
	if !saw {
		t.Fatalf("no progress on the call's row: %v", rec.eventsOf("tool_progress"))
	}

	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	if _, err := a.h.Chat.Send(a.shownID(), "run it longer"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "tool_progress") // the call is running at the server
	start := time.Now()
	a.h.Chat.Stop(a.shownID())
	fin := rec.waitFor(t, "tool_finished")
	if fin["callId"] != "call_s" || fin["status"] != "canceled" {
		t.Fatalf("tool_finished after Stop = %v", fin)
	}
	rec.waitFor(t, "done")
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Stop took %s to end the call", d)
	}
	// The server took the cancellation and still answers.
	m := a.project().MCP()
	if out, err := m.Call(t.Context(), "ev", "echo", []byte(`{"message":"still here"}`)); err != nil || !strings.Contains(out, "still here") {
		t.Fatalf("after Stop: %q, %v", out, err)
	}
}

// A server's question during a call is shown to the person as a form
// request; a wrong answer is refused with the reason, a right one reaches
// the server and so the model.
func TestChatAsksThePersonAnMCPServersQuestion(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_e", "mcp__ev__trigger-elicitation-request", `{}`),
		textReply("Thanks."),
	}}
	a, rec := everythingChat(t, p)
	// The elicitation tool appears once the server has seen the client's
	// capabilities (a tools/list_changed after initialising).
	eventually.True(t, "the elicitation tool to appear", func() bool {
		return slices.ContainsFunc(a.project().MCP().Tools(), func(tl *mcp.Tool) bool { return tl.Remote() == "trigger-elicitation-request" })
	})
	if _, err := a.h.Chat.Send(a.shownID(), "ask me"); err != nil {
		t.Fatal(err)
	}
	q := rec.waitFor(t, "elicitation_requested")
	if q["server"] != "ev" || q["callId"] != "call_e" || q["message"] == "" {
		t.Fatalf("elicitation_requested = %v", q)
	}
	id := q["requestId"].(string)
	if err := a.h.Chat.AnswerElicitation(a.shownID(), id, "accept", `{"integer":7}`); err == nil || !strings.Contains(err.Error(), "name") {
		t.Fatalf("an answer without the required name: %v", err)
	}
	if err := a.h.Chat.AnswerElicitation(a.shownID(), id, "maybe", ""); err == nil {
		t.Fatal("an unknown action was accepted")
	}
	if err := a.h.Chat.AnswerElicitation(a.shownID(), id, "accept", `{"name":"Ann Smith","integer":7}`); err != nil {
		t.Fatal(err)
	}
	if r := rec.waitFor(t, "elicitation_resolved"); r["requestId"] != id || r["action"] != "accept" {
		t.Fatalf("elicitation_resolved = %v", r)
	}
	fin := rec.waitFor(t, "tool_finished")
	if fin["status"] != "succeeded" || !strings.Contains(fin["output"].(string), "Name: Ann Smith") {
		t.Fatalf("tool_finished = %v", fin)
	}
	rec.waitFor(t, "done")
	if err := a.h.Chat.AnswerElicitation(a.shownID(), id, "decline", ""); err == nil {
		t.Fatal("a second answer was accepted")
	}
}

// "Allow this server for the session" on one MCP tool's approval lets the
// server's other tools run without asking; other servers still ask.
func TestChatAllowsAnMCPServerForTheSession(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "mcp__ev__echo", `{"message":"one"}`),
		toolReply("call_2", "mcp__ev__get-sum", `{"a":2,"b":3}`),
		textReply("Done."),
	}}
	a, rec := everythingChat(t, p)
	a.deps.Settings.Update(func(s *settings.Settings) error { s.ApprovalMode = "ask"; return nil })
	if _, err := a.h.Chat.Send(a.shownID(), "use ev"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	if req["tool"] != "mcp__ev__echo" || req["server"] != "ev" {
		t.Fatalf("approval_requested = %v", req)
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "allow_server", ""); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	if n := len(rec.eventsOf("approval_requested")); n != 1 {
		t.Fatalf("%d approvals asked; the server's second tool should have run unasked", n)
	}
	var sum map[string]any
	for _, e := range rec.eventsOf("tool_finished") {
		if e["callId"] == "call_2" {
			sum = e
		}
	}
	if sum == nil || sum["status"] != "succeeded" || sum["allowedBy"] == nil {
		t.Fatalf("get-sum = %v", sum)
	}
	if r := rec.eventsOf("approval_resolved"); len(r) != 1 || r[0]["decision"] != "allow_session" {
		t.Fatalf("approval_resolved = %v", r)
	}
}

// The deferral budget set in Settings decides whether the next turn offers
// the MCP tools themselves or mcp_search in their place.
func TestMCPBudgetSettingDefersTools(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("one"), textReply("two")}}
	a, rec := everythingChat(t, p)
	if _, err := a.h.MCP.SetMCPBudget(0); err == nil {
		t.Fatal("a budget of 0 % was accepted")
	}
	tests := []struct {
		percent     int
		want, never string
	}{
		{100, `"mcp__ev__echo"`, `"mcp_search"`},
		{1, `"mcp_search"`, `"mcp__ev__echo"`},
	}
	for i, tc := range tests {
		v, err := a.h.MCP.SetMCPBudget(tc.percent)
		if err != nil || v.BudgetPercent != tc.percent {
			t.Fatalf("SetMCPBudget(%d) = %d, %v", tc.percent, v.BudgetPercent, err)
		}
		rec.mu.Lock()
		rec.events = nil
		rec.mu.Unlock()
		if _, err := a.h.Chat.Send(a.shownID(), "hello"); err != nil {
			t.Fatal(err)
		}
		rec.waitFor(t, "done")
		p.mu.Lock()
		tools, _ := json.Marshal(p.requests[i]["tools"])
		p.mu.Unlock()
		if !strings.Contains(string(tools), tc.want) || strings.Contains(string(tools), tc.never) {
			t.Fatalf("budget %d %%: tools offered %.300s…, want %s and not %s", tc.percent, tools, tc.want, tc.never)
		}
	}
}

// A message sent while a server is still connecting (right after the
// folder opens) waits for it: the turn offers the server's tools and its
// call runs, instead of a turn without them.
func TestChatSentWhileAnMCPServerConnectsOffersItsTools(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "mcp__slow__echo", `{"message":"made it"}`),
		textReply("Done."),
	}}
	a, rec, _ := chatApp(t, p, "auto")
	cfg := filepath.Dir(a.deps.Settings.Path())
	everything := mcptest.Bin(t, "mcp-server-everything")
	// The server answers only after a pause, as a slow npx start does.
	slow := `{"mcpServers": {"slow": {"command": "sh", "args": ["-c", "sleep 1 && exec \"$0\" stdio", "` + everything + `"]}}}`
	if err := os.WriteFile(filepath.Join(cfg, "mcp.json"), []byte(slow), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "echo it"); err != nil {
		t.Fatal(err)
	}
	fin := rec.waitFor(t, "tool_finished")
	if fin["status"] != "succeeded" || !strings.Contains(fin["output"].(string), "made it") {
		t.Fatalf("tool_finished = %v", fin)
	}
	rec.waitFor(t, "done")
	p.mu.Lock()
	tools, _ := json.Marshal(p.requests[0]["tools"])
	p.mu.Unlock()
	if !strings.Contains(string(tools), `"mcp__slow__echo"`) {
		t.Fatalf("the first request offered %.300s…, without the connecting server's tools", tools)
	}
}
