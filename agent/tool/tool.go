// Package tool defines the contract between the agent loop and the tools it
// calls. It holds only types so that the loop, the tool implementations and
// the front-ends can all depend on it without depending on each other.
package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
)

// Definition is what the model is shown about a tool.
type Definition struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"` // a JSON Schema object
}

// Tool is one capability the agent can call. Run returns the text the model
// sees. A failure the model should read and correct (bad path, no match) is
// returned as an error too: the loop turns every error into an error result;
// only a DeniedError or a cancelled context change the call's status.
type Tool interface {
	Definition() Definition
	Run(ctx context.Context, args json.RawMessage) (string, error)
}

// Status is the terminal state of a tool call, as shown in logs and the CLI.
type Status string

const (
	StatusSucceeded Status = "succeeded"
	StatusFailed    Status = "failed"
	StatusDenied    Status = "denied"
	StatusCanceled  Status = "canceled"
)

// DeniedError reports that the user (or a rule) refused the call. Note is the
// user's optional explanation, forwarded to the model.
type DeniedError struct {
	Reason string
	Note   string
}

func (e *DeniedError) Error() string {
	msg := "denied by the user"
	if e.Reason != "" {
		msg = "denied: " + e.Reason
	}
	if e.Note != "" {
		msg += fmt.Sprintf(" (note from the user: %s)", e.Note)
	}
	return msg
}

// ExitError reports a command that ran and exited non-zero. The call failed,
// but the text Run returned with it (the command's output) is still the
// result the model reads.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit code %d", e.Code) }

// ExitCode returns the code carried by an ExitError in err's chain.
func ExitCode(err error) (int, bool) {
	var e *ExitError
	if errors.As(err, &e) {
		return e.Code, true
	}
	return 0, false
}

// StatusOf maps the outcome of Run to the call's terminal status.
func StatusOf(ctx context.Context, err error) Status {
	var denied *DeniedError
	switch {
	case err == nil:
		return StatusSucceeded
	case errors.As(err, &denied):
		return StatusDenied
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return StatusCanceled
	default:
		return StatusFailed
	}
}

type ctxKey int

const (
	callIDKey ctxKey = iota
	progressKey
	allowanceKey
)

// Allowance says what let a call run without asking anyone: a saved rule,
// the approval mode, a grant made earlier in the conversation, or the shell
// judge finding every command read-only. Detail is the rule's or grant's
// pattern, or the mode's name.
type Allowance struct {
	By     string `json:"by"` // "rule", "mode", "session", "read-only" or "hook"
	Detail string `json:"detail,omitempty"`
}

// The ways a call is allowed without asking.
const (
	AllowedByRule     = "rule"
	AllowedByMode     = "mode"
	AllowedBySession  = "session"
	AllowedByReadOnly = "read-only"
	AllowedByHook     = "hook"
)

// WithAllowance gives ctx a place for the permission check of the call run
// under it to say why the call was allowed; the returned function reads it
// (nil when nobody noted an allowance: asked, or nothing needed allowing).
func WithAllowance(ctx context.Context) (context.Context, func() *Allowance) {
	var slot atomic.Pointer[Allowance]
	return context.WithValue(ctx, allowanceKey, &slot), slot.Load
}

// NoteAllowance records why the call run under ctx may run unasked; it is
// a no-op when ctx has no place for it.
func NoteAllowance(ctx context.Context, a Allowance) {
	if slot, ok := ctx.Value(allowanceKey).(*atomic.Pointer[Allowance]); ok {
		slot.Store(&a)
	}
}

// WithCallID tags ctx with the id of the tool call being run, so approval
// requests and progress can be matched to the call in the UI.
func WithCallID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, callIDKey, id)
}

// CallID returns the id set by WithCallID, or "".
func CallID(ctx context.Context) string {
	id, _ := ctx.Value(callIDKey).(string)
	return id
}

// ProgressFunc receives live output (e.g. a shell command's stdout) while a
// tool runs, with the id of the call it came from. It must not block.
type ProgressFunc func(callID, chunk string)

// WithProgress installs a progress sink for the tool calls run under ctx
// (the loop tags each call's context with its id).
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey, fn)
}

// Progress reports live output if a sink is installed; otherwise it is a no-op.
func Progress(ctx context.Context, chunk string) {
	if fn, ok := ctx.Value(progressKey).(ProgressFunc); ok && fn != nil {
		fn(CallID(ctx), chunk)
	}
}
