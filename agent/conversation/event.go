// Package conversation is a chat, front-end free: its history, the prompt
// queue, running a turn (the agent built by agent/assembly, recorded,
// redacted, snapshotted for undo, titled), pending approvals, stop,
// resend with forks, compaction and reopening a stored session. It reports
// through a Sink as typed events, one struct per event of the chat
// protocol (protocol.go); the frontend's TypeScript types are generated
// from them (protocol_gen_test.go), so the two sides cannot drift.
package conversation

// Event is one event of a turn's stream: a struct of protocol.go that
// embeds Header and carries its wire type in Type.
type Event interface {
	// frame is where the event keeps its header and wire type, and what
	// that type is ("turn_started", "text", ...).
	frame() (h *Header, typ *string, name string)
}

// eventType is e's wire type.
func eventType(e Event) string {
	_, _, name := e.frame()
	return name
}

// stamp gives e the turn it belongs to, its sequence number and its wire
// type.
func stamp(e Event, turnID string, seq int) {
	h, typ, name := e.frame()
	*h, *typ = Header{turnID, seq}, name
}

// Each event's wire type.

func (e *TurnStarted) frame() (*Header, *string, string)  { return &e.Header, &e.Type, "turn_started" }
func (e *Text) frame() (*Header, *string, string)         { return &e.Header, &e.Type, "text" }
func (e *Reasoning) frame() (*Header, *string, string)    { return &e.Header, &e.Type, "reasoning" }
func (e *ToolStarted) frame() (*Header, *string, string)  { return &e.Header, &e.Type, "tool_started" }
func (e *ToolProgress) frame() (*Header, *string, string) { return &e.Header, &e.Type, "tool_progress" }
func (e *ToolFinished) frame() (*Header, *string, string) { return &e.Header, &e.Type, "tool_finished" }
func (e *ApprovalRequested) frame() (*Header, *string, string) {
	return &e.Header, &e.Type, "approval_requested"
}
func (e *ApprovalResolved) frame() (*Header, *string, string) {
	return &e.Header, &e.Type, "approval_resolved"
}
func (e *UsageReported) frame() (*Header, *string, string) { return &e.Header, &e.Type, "usage" }
func (e *Retry) frame() (*Header, *string, string)         { return &e.Header, &e.Type, "retry" }
func (e *Compacted) frame() (*Header, *string, string)     { return &e.Header, &e.Type, "compacted" }
func (e *HookRan) frame() (*Header, *string, string)       { return &e.Header, &e.Type, "hook" }
func (e *TurnError) frame() (*Header, *string, string)     { return &e.Header, &e.Type, "error" }
func (e *Changes) frame() (*Header, *string, string)       { return &e.Header, &e.Type, "changes" }
func (e *Done) frame() (*Header, *string, string)          { return &e.Header, &e.Type, "done" }
func (e *Todos) frame() (*Header, *string, string)         { return &e.Header, &e.Type, "todos" }
func (e *ElicitationRequested) frame() (*Header, *string, string) {
	return &e.Header, &e.Type, "elicitation_requested"
}
func (e *ElicitationResolved) frame() (*Header, *string, string) {
	return &e.Header, &e.Type, "elicitation_resolved"
}
func (e *MCPWaiting) frame() (*Header, *string, string)  { return &e.Header, &e.Type, "mcp_waiting" }
func (e *SlotWaiting) frame() (*Header, *string, string) { return &e.Header, &e.Type, "slot_waiting" }
