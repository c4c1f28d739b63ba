package commands

import (
	"strings"

	"github.com/hearth-agent/hearth/agent/permission"
)

// AllowedRules turns a command's allowed-tools (Claude Code's permission
// rule syntax: "Bash(git status:*)", "Edit", "mcp__github__get_issue",
// "WebFetch(domain:example.com)", "WebSearch", or
// Hearth's own tool names) into allow rules for the turn the command runs.
// Entries naming tools that never ask (Read, Glob, Grep) need no rule;
// unknown entries are returned so the caller can say they were ignored.
func AllowedRules(list []string) (rules []permission.Rule, ignored []string) {
	for _, entry := range list {
		name, arg, hasArg := strings.Cut(strings.TrimSpace(entry), "(")
		if hasArg {
			var closed bool
			arg, closed = strings.CutSuffix(arg, ")")
			if !closed {
				ignored = append(ignored, entry)
				continue
			}
			arg = strings.TrimSpace(arg)
		}
		if arg == "*" {
			arg = ""
		}
		switch name = strings.TrimSpace(name); {
		case name == "Bash" || name == "shell":
			rules = append(rules, permission.Rule{Kind: permission.KindShell, Pattern: shellShape(arg), Effect: permission.Allow})
		case name == "Edit" || name == "Write" || name == "MultiEdit" || name == "edit_file" || name == "write_file":
			rules = append(rules, permission.Rule{Kind: permission.KindEdit, Pattern: projectPath(arg), Effect: permission.Allow})
		case name == "Read" || name == "Glob" || name == "Grep" || name == "LS" || name == "TodoWrite" ||
			name == "read_file" || name == "glob" || name == "grep" || name == "list_dir" || name == "search" || name == "todo":
			// Reads are allowed unless a rule says otherwise; allowing them
			// here would override a person's ask rule.
		case name == "WebFetch" || name == "web_fetch":
			host, _ := strings.CutPrefix(arg, "domain:")
			rules = append(rules, permission.Rule{Kind: permission.KindWebFetch, Pattern: strings.TrimSpace(host), Effect: permission.Allow})
		case name == "WebSearch" || name == "web_search":
			rules = append(rules, permission.Rule{Kind: permission.KindWebSearch, Pattern: arg, Effect: permission.Allow})
		case strings.HasPrefix(name, "mcp__"):
			rules = append(rules, permission.Rule{Kind: permission.KindMCP, Pattern: name, Effect: permission.Allow})
		default:
			ignored = append(ignored, entry)
		}
	}
	return rules, ignored
}

// shellShape turns Claude Code's "git diff:*" prefix form into Hearth's
// command shape "git diff *"; a shape without ":*" matches exactly.
func shellShape(arg string) string {
	if p, ok := strings.CutSuffix(arg, ":*"); ok {
		return strings.TrimSpace(p) + " *"
	}
	return arg
}

// projectPath reads Claude Code's path forms relative to the project
// ("/src/**" and "./src/**" mean the project's src).
func projectPath(arg string) string {
	arg = strings.TrimPrefix(arg, "./")
	if strings.HasPrefix(arg, "/") && !strings.HasPrefix(arg, "//") {
		arg = strings.TrimPrefix(arg, "/")
	}
	return arg
}
