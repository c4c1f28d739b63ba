package loop

import (
	"encoding/json"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Event is one thing that happened in a turn. The concrete types below are
// the whole set; consumers type-switch. Text and reasoning deltas may be
// coalesced or dropped by a slow consumer; every other event must be
// delivered, because the UI's state depends on it.
type Event interface{ event() }

// TextDelta is a fragment of the answer as it streams.
type TextDelta struct{ Text string }

// ReasoningDelta is a fragment of the model's visible thinking.
type ReasoningDelta struct{ Text string }

// ToolCallStarted is sent, in call order, before a call runs.
type ToolCallStarted struct {
	ID   string
	Name string
	Args json.RawMessage
}

// ClientCallsMade is sent before TurnDone when the turn ends on calls of
// client tools (Result.ClientCalls), which the caller runs.
type ClientCallsMade struct{ Calls []llm.ToolCall }

// ToolCallFinished is sent when a call ends, in call order. Args are the
// call's (as in ToolCallStarted) so a consumer can summarise the call from
// this event alone; ExitCode is set when the tool ran a command that exited
// non-zero; AllowedBy when the call ran unasked because of a rule, the
// mode, a session grant or a read-only judgement.
type ToolCallFinished struct {
	ID        string
	Name      string
	Args      json.RawMessage
	Status    tool.Status
	Output    string
	ExitCode  *int
	AllowedBy *tool.Allowance
	Duration  time.Duration
	// Parts are the images and documents the tool returned with Output.
	Parts []llm.Part
}

// UsageReported follows every model response.
type UsageReported struct {
	Usage llm.Usage
	// Cost is this response's cost in USD; CostKnown is false when neither
	// the provider nor the price table gave one.
	Cost      float64
	CostKnown bool
}

// Retrying is sent before waiting to retry a failed model call.
type Retrying struct {
	Class   llm.Class
	Attempt int
	Delay   time.Duration
}

// Compacted announces that the history was shrunk to fit the window.
type Compacted struct {
	Kind   string // "images", "tool_results" or "summary"
	Before int    // estimated tokens before
	After  int    // and after
}

// Error classes the loop adds to llm's.
const (
	ClassMaxIterations llm.Class = "max_iterations"
	ClassToolLoop      llm.Class = "tool_loop"
	ClassTextProtocol  llm.Class = "text_protocol"
)

// TurnError reports why a turn failed; it is followed by TurnDone.
type TurnError struct {
	Class   llm.Class
	Message string
}

// TurnDone is always the last event of a turn.
type TurnDone struct {
	Text       string // the final answer (or the partial text when stopped)
	Iterations int
	Elapsed    time.Duration
	Stopped    bool
	Usage      llm.Usage
	Cost       float64
	CostKnown  bool
}

// HookRan is a hook command that ran around the turn or one of its calls
// (agent/hooks); Problem is a timeout, a failure to start or invalid JSON.
type HookRan struct {
	Event    string
	Command  string
	ExitCode int
	Duration time.Duration
	Output   string
	Problem  string
	Blocked  bool
}

func (HookRan) event()          {}
func (TextDelta) event()        {}
func (ReasoningDelta) event()   {}
func (ToolCallStarted) event()  {}
func (ToolCallFinished) event() {}
func (UsageReported) event()    {}
func (Retrying) event()         {}
func (Compacted) event()        {}
func (TurnError) event()        {}
func (TurnDone) event()         {}
func (ClientCallsMade) event()  {}
