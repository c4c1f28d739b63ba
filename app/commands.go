package app

import (
	"context"
	"time"
)

// CommandView is one slash command as the composer's picker shows it.
type CommandView struct {
	Name         string `json:"name"`
	Description  string `json:"description"`
	ArgumentHint string `json:"argumentHint"`
	Scope        string `json:"scope"` // builtin, user, project or mcp
}

// ListCommands lists every slash command of the open workspace: built-ins,
// the user's and the (trusted) project's command files and the MCP
// servers' prompts, for the composer's "/" picker.
func (a *Composer) ListCommands() ([]CommandView, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	entries, err := a.chat().CommandCatalog(ctx)
	if err != nil {
		return nil, viewErr(err)
	}
	out := make([]CommandView, 0, len(entries))
	for _, e := range entries {
		out = append(out, CommandView{Name: e.Name, Description: e.Description, ArgumentHint: e.ArgumentHint, Scope: string(e.Scope)})
	}
	return out, nil
}
