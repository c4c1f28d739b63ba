package tools

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

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

func TestSummaryMCPSearch(t *testing.T) {
	hit := "## mcp__github__%s\nA tool.\nparameters: {}\n\n"
	four := ""
	for _, n := range []string{"create_issue", "list_issues", "get_issue", "close_issue"} {
		four += fmt.Sprintf(hit, n)
	}
	for _, c := range []struct {
		st        tool.Status
		out, want string
	}{
		{tool.StatusSucceeded, four, `Found 4 MCP tools for "issue"`},
		{tool.StatusSucceeded, fmt.Sprintf(hit, "create_issue") + "(2 more match; search with more words)\n", `Found 3 MCP tools for "issue"`},
		{tool.StatusSucceeded, `no MCP tool matches "issue" (servers: github)`, `Found no MCP tools for "issue"`},
		{tool.StatusFailed, "Error: mcp_search needs a query (servers: github)", `Searched MCP tools for "issue" · failed: mcp_search needs a query (servers: github)`},
	} {
		check(t, Summarize(finished(t, "mcp_search", map[string]any{"query": "issue", "limit": 5}, c.st, c.out)), c.want)
	}
}

func TestSummaryMCPCall(t *testing.T) {
	for _, c := range []struct {
		name      string
		st        tool.Status
		out, want string
	}{
		{"mcp__github__create_issue", tool.StatusSucceeded, `{"number":7}`, "Called mcp__github__create_issue"},
		{"mcp__github__nope", tool.StatusFailed, `Error: mcp_call: no MCP tool named "mcp__github__nope"; find one with mcp_search`,
			`Called mcp__github__nope · failed: no MCP tool named "mcp__github__nope"; find one with mcp_se…`},
		{"mcp__github__create_issue", tool.StatusDenied, "Error: denied", "Called mcp__github__create_issue · denied"},
		{"", tool.StatusSucceeded, "", "Called an MCP tool"},
	} {
		a := map[string]any{"name": c.name, "arguments": map[string]string{"title": "x"}}
		check(t, Summarize(finished(t, "mcp_call", a, c.st, c.out)), c.want)
	}
}
