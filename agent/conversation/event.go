// Package conversation is a chat, front-end free: its history, the prompt
// queue, running a turn (the agent built by agent/assembly, recorded,
// redacted, snapshotted for undo, titled), pending approvals, stop,
// resend with forks, compaction and reopening a stored session. It reports
// through a Sink as typed events, one struct per event of the chat
// protocol (protocol.go); the frontend's TypeScript types are generated
// from them (protocol_gen_test.go), so the two sides cannot drift.
package conversation

// Event is one event of a turn's stream. Stamp gives it the turn it belongs
// to, its sequence number and its wire type.
type Event interface {
	Stamp(turnID string, seq int)
	// EventType is the event's wire type ("turn_started", "text", ...).
	EventType() string
}

// Each event's wire type, and the stamp that sets it with the header.

func (*TurnStarted) EventType() string       { return "turn_started" }
func (*Text) EventType() string              { return "text" }
func (*Reasoning) EventType() string         { return "reasoning" }
func (*ToolStarted) EventType() string       { return "tool_started" }
func (*ToolProgress) EventType() string      { return "tool_progress" }
func (*ToolFinished) EventType() string      { return "tool_finished" }
func (*ApprovalRequested) EventType() string { return "approval_requested" }
func (*ApprovalResolved) EventType() string  { return "approval_resolved" }
func (*UsageReported) EventType() string     { return "usage" }
func (*Retry) EventType() string             { return "retry" }
func (*Compacted) EventType() string         { return "compacted" }
func (*HookRan) EventType() string           { return "hook" }
func (*TurnError) EventType() string         { return "error" }
func (*Changes) EventType() string           { return "changes" }
func (*Done) EventType() string              { return "done" }

func (e *TurnStarted) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *Text) Stamp(turnID string, seq int) { e.Header, e.Type = Header{turnID, seq}, e.EventType() }
func (e *Reasoning) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *ToolStarted) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *ToolProgress) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *ToolFinished) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *ApprovalRequested) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *ApprovalResolved) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *UsageReported) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *Retry) Stamp(turnID string, seq int) { e.Header, e.Type = Header{turnID, seq}, e.EventType() }
func (e *Compacted) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *HookRan) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *TurnError) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *Changes) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
func (e *Done) Stamp(turnID string, seq int) { e.Header, e.Type = Header{turnID, seq}, e.EventType() }
