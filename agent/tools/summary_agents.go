package tools

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The tools summarised here live in other packages (subagent, skills, mcp);
// their summaries read only the arguments and output those tools give.
func init() {
	summarizers[ProposePlanName] = summarizePlan
	summarizers["task"] = summarizeTask
	summarizers["skill"] = summarizeSkill
	summarizers["mcp_search"] = summarizeMCPSearch
	summarizers["mcp_call"] = func(a args, _ string) string { return headline("mcp_call", a) }
}

// agentHeadline begins the summary of the tools above, or says ok=false.
func agentHeadline(name string, a args) (string, bool) {
	switch name {
	case ProposePlanName:
		return "Proposed a plan", true
	case "task":
		h := clip(a.str("agent"))
		if d := a.str("description"); d != "" {
			h += ": " + clip(d)
		}
		return h, h != ""
	case "skill":
		if f := a.str("file"); f != "" && f != "SKILL.md" {
			return "Read " + clip(f) + " of skill " + clip(a.str("name")), true
		}
		return "Loaded skill " + clip(a.str("name")), true
	case "mcp_search":
		return "Searched MCP tools for " + strconv.Quote(clip(a.str("query"))), true
	case "mcp_call":
		if n := a.str("name"); n != "" {
			return "Called " + clip(n), true
		}
		return "Called an MCP tool", true
	}
	return "", false
}

func summarizePlan(a args, _ string) string {
	head := headline(ProposePlanName, a)
	if n := len(PlanSteps(a.str("plan"))); n > 0 {
		return head + " · " + count(n, "step")
	}
	return head
}

var (
	subagentFiles  = regexp.MustCompile(`\[files changed by the subagent: ([^\]]*)\]\s*$`)
	subagentFailed = regexp.MustCompile(`^subagent \S+ failed: `)
)

// subagentChanged is the number of files a subagent's output says it
// changed.
func subagentChanged(out string) int {
	m := subagentFiles.FindStringSubmatch(out)
	if m == nil {
		return 0
	}
	return strings.Count(m[1], ", ") + 1
}

func summarizeTask(a args, out string) string {
	head := headline("task", a)
	if n := subagentChanged(out); n > 0 {
		return fmt.Sprintf("%s · %s changed", head, count(n, "file"))
	}
	return head
}

// taskFailure words a failed subagent: why, and what it changed first.
func taskFailure(out string) string {
	if i := strings.LastIndex(out, "Error: "); i >= 0 {
		out = out[i+len("Error: "):]
	}
	out = subagentFailed.ReplaceAllString(strings.TrimSpace(out), "")
	s := failure(out)
	if n := subagentChanged(out); n > 0 {
		s += fmt.Sprintf(" · %s changed", count(n, "file"))
	}
	return s
}

func summarizeSkill(a args, _ string) string { return headline("skill", a) }

var mcpMore = regexp.MustCompile(`(?m)^\((\d+) more match; search with more words\)$`)

func summarizeMCPSearch(a args, out string) string {
	q := strconv.Quote(clip(a.str("query")))
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "## ") {
			n++
		}
	}
	if m := mcpMore.FindStringSubmatch(out); m != nil {
		more, _ := strconv.Atoi(m[1])
		n += more
	}
	if n == 0 {
		return "Found no MCP tools for " + q
	}
	return fmt.Sprintf("Found %s for %s", count(n, "MCP tool"), q)
}
