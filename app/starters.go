package app

import (
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/knowledge"
)

// StarterPrompt is a suggestion an empty chat offers: its button label and
// the prompt it sends.
type StarterPrompt struct {
	Label  string `json:"label"`
	Prompt string `json:"prompt"`
}

// StarterPrompts suggests first prompts drawn from the open folder: always
// an explanation, the tests when a test command is plain from its files,
// TODOs when the index finds some.
func (a *Composer) StarterPrompts() []StarterPrompt {
	ws := a.workspace()
	if ws == "" {
		return []StarterPrompt{}
	}
	out := []StarterPrompt{{Label: "Explain this project", Prompt: "Explain this project: what it does, how it is laid out, and where to start reading."}}
	if cmd := conversation.TestCommand(ws); cmd != "" {
		out = append(out, StarterPrompt{Label: "Run the tests", Prompt: "Run the tests with `" + cmd + "` and summarise what fails and why."})
	}
	if ix := a.currentIndex(); ix != nil {
		ctx, cancel := a.callCtx(2 * time.Second)
		defer cancel()
		if res, err := ix.Search(ctx, "TODO", 1, knowledge.RetryAsPrefix); err == nil && len(res.Hits) > 0 {
			out = append(out, StarterPrompt{Label: "Find TODOs", Prompt: "Find the TODO comments in this project and list them by file, most important first."})
		}
	}
	return out
}
