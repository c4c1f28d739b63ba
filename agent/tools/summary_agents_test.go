package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/tool"
)

func finished(t *testing.T, name string, a any, st tool.Status, out string) Finished {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return Finished{Name: name, Args: raw, Status: st, Output: out}
}

func TestSummaryProposePlan(t *testing.T) {
	p := &ProposePlan{}
	for _, c := range []struct {
		plan, want string
	}{
		{"## Steps\n1. Read the loader\n2. Fix it\n3. Test it\n## Files\n- a.go\n", "Proposed a plan · 3 steps"},
		{"Just do it.", "Proposed a plan"},
		{"  ", "Proposed a plan · failed: plan is empty; write the steps, files and risks in Markdown"},
	} {
		check(t, summarize(t, p, map[string]string{"plan": c.plan}), c.want)
	}
}

func TestSummaryTask(t *testing.T) {
	a := map[string]string{"agent": "explore", "description": "find the config loader", "prompt": "find it"}
	for _, c := range []struct {
		st        tool.Status
		out, want string
	}{
		{tool.StatusSucceeded, "It is in config/load.go.", "explore: find the config loader"},
		{tool.StatusSucceeded, "Done.\n\n[files changed by the subagent: a.go, b/c.go, d.md]", "explore: find the config loader · 3 files changed"},
		{tool.StatusFailed, "partial\n\nError: subagent explore failed: the model stopped\n\n[files changed by the subagent: a.go]",
			"explore: find the config loader · failed: the model stopped · 1 file changed"},
		{tool.StatusFailed, "Error: subagent explore failed: a call was refused (shell: denied)", "explore: find the config loader · failed: a call was refused (shell: denied)"},
		{tool.StatusDenied, "Error: denied", "explore: find the config loader · denied"},
	} {
		check(t, Summarize(finished(t, "task", a, c.st, c.out)), c.want)
	}
}

func TestSummarySkill(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".claude", "skills", "pdf")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"SKILL.md": "---\nname: pdf\ndescription: Fill in PDF forms.\n---\n# PDF\n", "forms.md": "forms"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, err := skills.Load(skills.Sources{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	tl := skills.NewTool(set)
	if tl == nil {
		t.Fatal("no skill tool for the pdf skill")
	}
	for _, c := range []struct {
		p    skills.Params
		want string
	}{
		{skills.Params{Name: "pdf"}, "Loaded skill pdf"},
		{skills.Params{Name: "pdf", File: "forms.md"}, "Read forms.md of skill pdf"},
		{skills.Params{Name: "docx"}, `Loaded skill docx · failed: no skill named "docx"; the skills are: pdf`},
	} {
		check(t, summarize(t, tl, c.p), c.want)
	}
}

// deferredMCP offers the reference "everything" server's tools behind
// mcp_search and mcp_call, as the loop does when their schemas are too big.
func deferredMCP(t *testing.T) (search, call tool.Tool) {
	t.Helper()
	m := mcp.NewManager(mcp.Options{Workspace: t.TempDir()})
	t.Cleanup(m.Close)
	m.Start(mcp.Entry{Named: config.Named{Name: "everything", Scope: config.ScopeUser,
		Server: config.Server{Command: mcptest.Bin(t, "mcp-server-everything"), Args: []string{"stdio"}}}})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	offered := mcp.Offer(m.Tools(), 0)
	if len(offered) != 2 {
		t.Fatalf("the tools were not deferred: %d offered", len(offered))
	}
	return offered[0], offered[1]
}

func TestSummaryMCPSearch(t *testing.T) {
	search, _ := deferredMCP(t)
	for _, c := range []struct {
		a    map[string]any
		want string
	}{
		{map[string]any{"query": "get-sum"}, `Found 1 MCP tool for "get-sum"`},
		{map[string]any{"query": "zebra"}, `Found no MCP tools for "zebra"`},
		{map[string]any{"query": " "}, `Searched MCP tools for "" · failed: mcp_search needs a query (servers: everything)`},
	} {
		check(t, summarize(t, search, c.a), c.want)
	}
	// A search cut at its limit counts the matches it left out.
	hit := "## mcp__github__%s\nA tool.\nparameters: {}\n\n"
	out := fmt.Sprintf(hit, "create_issue") + "(2 more match; search with more words)\n"
	check(t, Summarize(finished(t, "mcp_search", map[string]any{"query": "issue", "limit": 1}, tool.StatusSucceeded, out)), `Found 3 MCP tools for "issue"`)
}

func TestSummaryMCPCall(t *testing.T) {
	_, call := deferredMCP(t)
	for _, c := range []struct {
		a    map[string]any
		want string
	}{
		{map[string]any{"name": "mcp__everything__get-sum", "arguments": map[string]int{"a": 20, "b": 22}}, "Called mcp__everything__get-sum"},
		{map[string]any{"name": "mcp__everything__nope"}, `Called mcp__everything__nope · failed: no MCP tool named "mcp__everything__nope"; find one with mc…`},
		{map[string]any{}, `Called an MCP tool · failed: no MCP tool named ""; find one with mcp_search`},
	} {
		check(t, summarize(t, call, c.a), c.want)
	}
	check(t, Summarize(finished(t, "mcp_call", map[string]any{"name": "mcp__github__create_issue"}, tool.StatusDenied, "Error: denied")),
		"Called mcp__github__create_issue · denied")
}
