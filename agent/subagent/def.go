// Package subagent runs side tasks in their own context: the task tool
// starts a sub-conversation with a fresh history, its own system prompt,
// tools and iteration budget, and hands its final answer (and the files it
// changed) back to the main agent as the tool result. Agents are built in
// (explore, general) or defined in Markdown files in Claude Code's format.
package subagent

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/prompt"
)

// Def is one kind of subagent.
type Def struct {
	Name        string
	Description string
	// Tools are the Hearth tool names it may use, in order; nil means the
	// main agent's. Either way it gets only tools the main agent has.
	Tools []string
	// Model is the model it runs on; "" (or "inherit") is the main
	// agent's. Fast asks for the provider's fast model when one is set.
	Model string
	Fast  bool
	// Instructions are its part of the system prompt.
	Instructions string
	// Source is the file it was read from, "" for a built-in.
	Source string
}

// readOnlyTools are the tools explore gets: nothing that can change a file.
var readOnlyTools = []string{"read_file", "list_dir", "glob", "grep", "search", "diagnostics", "lsp"}

// Builtins are the agents Hearth brings: explore and general.
func Builtins() ([]Def, error) {
	explore, err := prompt.BuiltinAgent("explore")
	if err != nil {
		return nil, err
	}
	general, err := prompt.BuiltinAgent("general")
	if err != nil {
		return nil, err
	}
	return []Def{
		{Name: "explore", Fast: true, Tools: readOnlyTools, Instructions: explore,
			Description: "searches widely, read-only, for open questions or what a change touches; reports paths and lines"},
		{Name: "general", Instructions: general,
			Description: "does a side task with your tools and reports what it changed"},
	}, nil
}

// notFound is the error for a task naming no known agent.
func notFound(name string, defs []Def) error {
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	return fmt.Errorf("task: there is no agent named %q; available: %v", name, names)
}
