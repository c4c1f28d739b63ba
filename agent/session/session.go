// Package session keeps every conversation in a SQLite database so it
// survives crashes, restarts and upgrades, and can be resumed, searched,
// forked and exported.
//
// Writes are event-shaped, matching what an agent loop produces: a user
// message, then an assistant step that streams text and reasoning deltas,
// starts and finishes tool calls, and ends in a terminal state. Deltas are
// batched and flushed a few times a second and on every other event, so a
// kill -9 loses at most the last fraction of a second of streamed text.
// The stored types are this package's own; provider wire formats are mapped
// onto them by the caller.
package session

import (
	"errors"
	"fmt"
	"time"
)

// Role says who produced a message.
type Role string

const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	// RoleSummary is a compaction summary: it stands in for every message
	// before it when the model's context is rebuilt.
	RoleSummary Role = "summary"
)

// State is where a message is in its life. Only assistant steps stream.
type State string

const (
	StateStreaming   State = "streaming"
	StateComplete    State = "complete"
	StateStopped     State = "stopped"     // the user stopped it
	StateInterrupted State = "interrupted" // the process died mid-stream
	StateFailed      State = "failed"      // the provider or loop failed
)

// Terminal reports whether s ends a message.
func (s State) Terminal() bool {
	switch s {
	case StateComplete, StateStopped, StateInterrupted, StateFailed:
		return true
	}
	return false
}

// ToolStatus is the outcome of one tool call.
type ToolStatus string

const (
	ToolRunning     ToolStatus = "running"
	ToolOK          ToolStatus = "ok"
	ToolError       ToolStatus = "error"
	ToolDenied      ToolStatus = "denied"
	ToolInterrupted ToolStatus = "interrupted"
)

// Approval records how a tool call was allowed to run.
type Approval string

const (
	ApprovalNone     Approval = ""         // no approval was needed or asked
	ApprovalAuto     Approval = "auto"     // allowed by policy
	ApprovalApproved Approval = "approved" // the user said yes
	ApprovalDenied   Approval = "denied"   // the user said no
	// ApprovalClient marks a call of an API client's own tool: the client
	// ran it, and its result (when it came) is what the client sent.
	ApprovalClient Approval = "client"
)

// Usage is token and cost accounting for one step or a whole session.
type Usage struct {
	InputTokens      int64   `json:"input_tokens"`
	OutputTokens     int64   `json:"output_tokens"`
	CacheReadTokens  int64   `json:"cache_read_tokens"`
	CacheWriteTokens int64   `json:"cache_write_tokens"`
	ReasoningTokens  int64   `json:"reasoning_tokens"`
	CostUSD          float64 `json:"cost_usd"`
}

// Session is one conversation's header.
type Session struct {
	ID        string `json:"id"`
	Workspace string `json:"workspace"`
	Title     string `json:"title"`
	// TitleSource is "auto" (from the first user message), "generated"
	// (refined by the user's provider) or "user" (renamed by hand).
	TitleSource string    `json:"title_source,omitempty"`
	Provider    string    `json:"provider,omitempty"`
	Model       string    `json:"model,omitempty"`
	ParentID    string    `json:"parent_id,omitempty"`
	ForkedFrom  int64     `json:"forked_from,omitempty"` // message id in ParentID
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	Usage       Usage     `json:"usage"`
	DeletedAt   time.Time `json:"deleted_at,omitzero"`
	// Mode is the conversation's mode (plan, ask, edits, auto; "" for the
	// Settings default) and Todos its todo list, both as last set.
	Mode  string `json:"mode,omitempty"`
	Todos []Todo `json:"todos,omitempty"`
	// Choice is the composer picker's provider, model and effort, as last
	// set.
	Choice Choice `json:"choice,omitzero"`
	// Worktree is the id of the worktree the conversation works in ("":
	// its project folder itself).
	Worktree string `json:"worktree,omitempty"`
}

// Choice is the provider, model and reasoning effort picked for a
// conversation; an empty field means the Settings default.
type Choice struct {
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	Effort   string `json:"effort,omitempty"`
}

// Message is one user message, assistant step or compaction summary.
type Message struct {
	ID        int64  `json:"id"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
	Role      Role   `json:"role"`
	Text      string `json:"text"`
	Reasoning string `json:"reasoning,omitempty"`
	// ReasoningSignature is the provider's opaque token for Reasoning, sent
	// back only to the provider that made it.
	ReasoningSignature string     `json:"reasoning_signature,omitempty"`
	State              State      `json:"state"`
	Error              string     `json:"error,omitempty"`
	Provider           string     `json:"provider,omitempty"`
	Model              string     `json:"model,omitempty"`
	StartedAt          time.Time  `json:"started_at"`
	FirstTokenAt       time.Time  `json:"first_token_at,omitzero"`
	FinishedAt         time.Time  `json:"finished_at,omitzero"`
	Usage              Usage      `json:"usage"`
	UndoSnapshot       string     `json:"undo_snapshot,omitempty"`
	ToolCalls          []ToolCall `json:"tool_calls,omitempty"`
	// Attachments are a user message's images, documents and attached files.
	Attachments []Attachment `json:"attachments,omitempty"`
	// Typed is a user message as the person typed it ("/review foo") when
	// Text, what the model was sent, is its expansion.
	Typed string `json:"typed,omitempty"`
	// Origin names who sent a user message the person did not type
	// ("hook:Stop"); "" is the person.
	Origin string `json:"origin,omitempty"`
	// Hooks are the hook commands that ran within the message.
	Hooks []HookRun `json:"hooks,omitempty"`
	// Version and Versions place a prompt among the versions of its turn
	// (regenerated or edited), 1-based, the newest last; both are 0 for a
	// turn with one version.
	Version  int `json:"version,omitempty"`
	Versions int `json:"versions,omitempty"`
}

// ToolCall is one call an assistant step made.
type ToolCall struct {
	CallID string `json:"call_id"`
	// TextOffset is how many runes of the step's Text came before this
	// call, so interleaved text and calls can be rebuilt in order.
	TextOffset int        `json:"text_offset"`
	Name       string     `json:"name"`
	Args       string     `json:"args"`
	Status     ToolStatus `json:"status"`
	Approval   Approval   `json:"approval,omitempty"`
	// Output is what the model saw (possibly capped); FullOutput is the
	// whole output when it differs, kept for the user.
	Output     string `json:"output"`
	FullOutput string `json:"full_output,omitempty"`
	// Subagent is the transcript of the subagent a task call ran.
	Subagent *SubagentRun `json:"subagent,omitempty"`
	// Attachments are the images and documents the tool returned.
	Attachments []Attachment `json:"attachments,omitempty"`
	StartedAt   time.Time    `json:"started_at"`
	FinishedAt  time.Time    `json:"finished_at,omitzero"`
}

// ErrNotFound is returned for an unknown (or purged) session or message.
var ErrNotFound = errors.New("session not found")

// ErrFinished is returned by a Turn used after its terminal event.
var ErrFinished = errors.New("session: assistant step already finished")

// SchemaTooNewError means the database was written by a newer Hearth. The
// file is left exactly as it was.
type SchemaTooNewError struct {
	Path          string
	Found, Newest int
}

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("the sessions database %s was written by a newer version of Hearth "+
		"(schema %d; this version understands up to %d). Update Hearth to open it; the file was not changed",
		e.Path, e.Found, e.Newest)
}

// CorruptError means the integrity check at open failed. The damaged file
// was copied to CopyPath and left in place; nothing was replaced.
type CorruptError struct {
	Path     string
	CopyPath string // empty if the copy itself failed
	Detail   string
	Err      error
}

func (e *CorruptError) Error() string {
	msg := fmt.Sprintf("the sessions database %s is damaged (%s)", e.Path, e.Detail)
	if e.CopyPath != "" {
		msg += "; a copy was saved to " + e.CopyPath
	}
	return msg
}

func (e *CorruptError) Unwrap() error { return e.Err }

func toMillis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

func toMicros(usd float64) int64 { return int64(usd*1e6 + 0.5) }
func fromMicros(m int64) float64 { return float64(m) / 1e6 }
