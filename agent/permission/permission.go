// Package permission decides whether a tool call may run: per-tool rules
// (allow, ask, deny) with path globs for edits and command shapes for shell,
// an approval mode for headless runs, and a human approver for the rest.
package permission

import (
	"context"
	"fmt"
)

// Kind groups tools by what they can do to the user's machine.
type Kind string

const (
	KindRead  Kind = "read"  // read_file, list_dir, glob, grep, search
	KindEdit  Kind = "edit"  // write_file, edit_file
	KindShell Kind = "shell" // shell
	// KindMCP is a tool of an MCP server; its pattern matches the tool's
	// name as the model sees it (mcp__github__*).
	KindMCP Kind = "mcp"
	// KindWebFetch reads a URL; its pattern globs the host
	// ("example.com", "*.example.com"), as Claude Code's
	// WebFetch(domain:…) names one.
	KindWebFetch Kind = "web_fetch"
	// KindWebSearch asks the configured search provider; its pattern is the
	// provider ("searxng", "brave"), empty for any.
	KindWebSearch Kind = "web_search"
)

// Effect is what a rule says about a matching call.
type Effect string

const (
	Allow Effect = "allow"
	Ask   Effect = "ask"
	Deny  Effect = "deny"
)

// Mode is how much is approved without asking.
type Mode string

const (
	// ModeNever auto-approves nothing that asks; with no approver it is denied.
	ModeNever Mode = "never"
	// ModeEdits auto-approves edits (the "accept edits" switch).
	ModeEdits Mode = "edits"
	// ModeAll auto-approves everything except the always-ask cases.
	ModeAll Mode = "all"
)

// ParseMode validates a mode given on the command line ("" means never).
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeNever:
		return ModeNever, nil
	case ModeEdits, ModeAll:
		return Mode(s), nil
	}
	return "", fmt.Errorf("unknown approval mode %q (want never, edits or all)", s)
}

// Request is what a human is shown to decide on: the exact diff of an edit or
// the exact command line of a shell call.
type Request struct {
	ID      string `json:"id"`
	CallID  string `json:"callId,omitempty"`
	Tool    string `json:"tool"`
	Kind    Kind   `json:"kind"`
	Path    string `json:"path,omitempty"`
	Diff    string `json:"diff,omitempty"`
	Command string `json:"command,omitempty"`
	// Args are an MCP tool call's arguments as sent to the server.
	Args string `json:"args,omitempty"`
	// Reason says why the call was not allowed outright.
	Reason string `json:"reason,omitempty"`
	// Headline says in one plain sentence what the call will do ("This
	// runs gofmt, which can rewrite files"), filled in before asking.
	Headline string `json:"headline,omitempty"`
	// AlwaysAsk marks a call no rule or mode may approve (deleting the
	// workspace, home or /); "allow for session" is not offered for it.
	AlwaysAsk bool `json:"alwaysAsk,omitempty"`
	// Suggested is the pattern "allow for this session" grants by default.
	Suggested string `json:"suggested,omitempty"`
	// Agent names the subagent that asks ("" for the main agent).
	Agent string `json:"agent,omitempty"`
}

// Choice is the user's answer.
type Choice string

const (
	AllowOnce    Choice = "allow_once"
	AllowSession Choice = "allow_session"
	Reject       Choice = "deny"
)

// Decision answers a Request. Pattern (for AllowSession) overrides the
// request's Suggested pattern; Note (for Reject) is forwarded to the model.
type Decision struct {
	Choice  Choice `json:"choice"`
	Pattern string `json:"pattern,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Approver asks a human. It must return when ctx is done.
type Approver interface {
	Approve(ctx context.Context, req Request) (Decision, error)
}

// ApproverFunc adapts a function to Approver.
type ApproverFunc func(ctx context.Context, req Request) (Decision, error)

// Approve calls f.
func (f ApproverFunc) Approve(ctx context.Context, req Request) (Decision, error) {
	return f(ctx, req)
}
