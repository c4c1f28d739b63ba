package session_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
)

// The shape of an agent-loop adapter: one user message, then one assistant
// step per model call, its deltas and tool calls, and a terminal state.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "hearth-example")
	defer os.RemoveAll(dir)

	store, err := session.Open(ctx, filepath.Join(dir, session.FileName),
		session.Options{Redact: redact.New( /* keychain values */ ).String})
	if err != nil {
		fmt.Println(err) // *session.CorruptError or *session.SchemaTooNewError: tell the user
		return
	}
	defer store.Close()

	sess, _ := store.Create(ctx, session.NewSession{Workspace: "/home/me/project", Provider: "openai", Model: "gpt-5"})
	user, _ := store.AddUserMessage(ctx, sess.ID, "What is in main.go?")
	store.SetUndoSnapshot(ctx, user.ID, "snapshot-1")

	step, _ := store.BeginAssistant(ctx, sess.ID, "openai", "gpt-5")
	step.AppendText("Let me read it.")
	step.ToolStarted(ctx, session.ToolStart{CallID: "call_1", Name: "read_file", Args: `{"path":"main.go"}`})
	step.ToolFinished(ctx, session.ToolResult{CallID: "call_1", Status: session.ToolOK, Output: "package main"})
	step.Finish(ctx, session.End{State: session.StateComplete, Usage: session.Usage{InputTokens: 120, OutputTokens: 30}})

	// Later, perhaps after a crash: rebuild the model's context.
	tr, _ := store.Load(ctx, sess.ID)
	for _, m := range tr.Context() {
		fmt.Printf("%s: %q (%s)\n", m.Role, m.Text, m.State)
		for _, c := range m.ToolCalls {
			fmt.Printf("  %s %s -> %q\n", c.Name, c.Args, c.Output)
		}
	}
	fmt.Println("title:", tr.Session.Title)
	// Output:
	// user: "What is in main.go?" (complete)
	// assistant: "Let me read it." (complete)
	//   read_file {"path":"main.go"} -> "package main"
	// title: What is in main.go?
}
