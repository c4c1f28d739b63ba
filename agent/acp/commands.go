package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/commands"
)

// CommandsUpdate offers the conversation's slash commands (built-ins, the
// person's, the trusted project's and the MCP servers' prompts) to the
// editor's composer.
func CommandsUpdate(entries []commands.Entry) sdk.SessionUpdate {
	cmds := make([]sdk.AvailableCommand, 0, len(entries))
	for _, e := range entries {
		c := sdk.AvailableCommand{Name: e.Name, Description: e.Description}
		if e.ArgumentHint != "" {
			c.Input = &sdk.AvailableCommandInput{Unstructured: &sdk.UnstructuredCommandInput{Hint: e.ArgumentHint}}
		}
		cmds = append(cmds, c)
	}
	return sdk.SessionUpdate{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{
		SessionUpdate: "available_commands_update", AvailableCommands: cmds}}
}
