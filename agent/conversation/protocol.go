package conversation

// Header is on every event: the turn and a per-turn sequence number
// starting at 1, so the reducer can drop duplicates and re-order late
// arrivals.
type Header struct {
	TurnID string `json:"turnId"`
	Seq    int    `json:"seq"`
}

// Usage is the tokens one response or a whole turn used.
type Usage struct {
	InputTokens       int `json:"inputTokens"`
	CachedInputTokens int `json:"cachedInputTokens"`
	OutputTokens      int `json:"outputTokens"`
	ReasoningTokens   int `json:"reasoningTokens"`
}

// ApprovalRequest is what a tool asks the user to approve.
type ApprovalRequest struct {
	RequestID string `json:"requestId"`
	CallID    string `json:"callId"`
	Tool      string `json:"tool"`
	Kind      string `json:"kind" tstype:"\"edit\" | \"shell\" | \"other\""`
	Summary   string `json:"summary"`
	// Headline says in plain words what the call will do; Summary is why
	// the policy asks.
	Headline string `json:"headline,omitempty" tstype:",optional"`
	// Detail is the exact command (shell) or unified diff (edits).
	Detail string `json:"detail"`
	// Agent names the subagent asking; absent for the main agent.
	Agent string `json:"agent,omitempty" tstype:",optional"`
	// Server names an MCP tool's server, whose every tool the decision
	// "allow_server" allows for the session.
	Server string `json:"server,omitempty" tstype:",optional"`
	// Domain is the host a web_fetch reads, which the decision
	// "allow_domain_always" lets it read without asking from now on.
	Domain string `json:"domain,omitempty" tstype:",optional"`
}

// FileChange is what a turn did to one file: line counts and the diff
// (none for binary files).
type FileChange struct {
	Path    string `json:"path"`
	Created bool   `json:"created,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
	Diff    string `json:"diff,omitempty"`
	Binary  bool   `json:"binary,omitempty"`
	// Errors and Warnings are what the file's language server last
	// reported on it when the turn ended; absent when none reports.
	Errors   int `json:"errors,omitempty" tstype:",optional"`
	Warnings int `json:"warnings,omitempty" tstype:",optional"`
}

// Allowance says what let a call run without asking: a saved rule, the
// approval mode, a grant made earlier in this conversation, or the command
// being judged read-only, or a PreToolUse hook. Detail is the rule's pattern
// or the mode's name.
type Allowance struct {
	By     string `json:"by" tstype:"\"rule\" | \"mode\" | \"session\" | \"read-only\" | \"hook\""`
	Detail string `json:"detail,omitempty"`
}

// TurnStarted opens a turn. Sent is what the model is sent when it is not
// the prompt as typed (a slash command's expansion, a hook's context); it
// comes in a second TurnStarted once known, since a command's shell lines
// run as the turn's first tool calls.
type TurnStarted struct {
	Header    `tstype:",extends"`
	Type      string `json:"type" tstype:"\"turn_started\""`
	Prompt    string `json:"prompt"`
	Sent      string `json:"sent,omitempty"`
	StartedAt int64  `json:"startedAt"`
}

// Text is streamed answer text.
type Text struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"text\""`
	Text   string `json:"text"`
}

// Reasoning is streamed reasoning text.
type Reasoning struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"reasoning\""`
	Text   string `json:"text"`
}

// ToolStarted announces a tool call and its arguments.
type ToolStarted struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"tool_started\""`
	CallID string `json:"callId"`
	Name   string `json:"name"`
	Args   any    `json:"args" tstype:"unknown"`
}

// ToolProgress is a piece of a running call's live output.
type ToolProgress struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"tool_progress\""`
	CallID string `json:"callId"`
	Chunk  string `json:"chunk"`
}

// ToolFinished ends a tool call. ExitCode is set when the call ran a
// command that exited non-zero (the call then failed); DurationMs is the
// call's measured time; Summary says what the call did in one line;
// AllowedBy is set when the call ran without anyone being asked.
type ToolFinished struct {
	Header     `tstype:",extends"`
	Type       string     `json:"type" tstype:"\"tool_finished\""`
	CallID     string     `json:"callId"`
	Name       string     `json:"name"`
	Status     string     `json:"status" tstype:"\"succeeded\" | \"failed\" | \"denied\" | \"canceled\""`
	Output     string     `json:"output"`
	Summary    string     `json:"summary"`
	ExitCode   *int       `json:"exitCode,omitempty"`
	AllowedBy  *Allowance `json:"allowedBy,omitempty"`
	DurationMs int64      `json:"durationMs"`
}

// ApprovalRequested asks the user to approve a tool's action.
type ApprovalRequested struct {
	Header          `tstype:",extends"`
	Type            string `json:"type" tstype:"\"approval_requested\""`
	ApprovalRequest `tstype:",extends"`
}

// ApprovalResolved ends a request; Decision is empty when it is not known
// (the turn was stopped while the request waited).
type ApprovalResolved struct {
	Header    `tstype:",extends"`
	Type      string `json:"type" tstype:"\"approval_resolved\""`
	RequestID string `json:"requestId"`
	Decision  string `json:"decision,omitempty" tstype:"\"allow_once\" | \"allow_session\" | \"deny\""`
}

// ElicitationRequested asks the person for input an MCP server wants while
// one of its tools runs; the front-end builds a form from Schema, a flat
// JSON Schema object, and answers with App.AnswerElicitation.
type ElicitationRequested struct {
	Header    `tstype:",extends"`
	Type      string `json:"type" tstype:"\"elicitation_requested\""`
	RequestID string `json:"requestId"`
	CallID    string `json:"callId"`
	Server    string `json:"server"`
	Message   string `json:"message"`
	Schema    any    `json:"schema" tstype:"unknown"`
}

// ElicitationResolved ends an elicitation with the person's action (cancel
// also when the turn was stopped while it waited).
type ElicitationResolved struct {
	Header    `tstype:",extends"`
	Type      string `json:"type" tstype:"\"elicitation_resolved\""`
	RequestID string `json:"requestId"`
	Action    string `json:"action" tstype:"\"accept\" | \"decline\" | \"cancel\""`
}

// UsageReported is what one response used; Window is the model's context
// window in tokens, 0 when unknown (optional in TypeScript: the reducer
// reads a missing window as unknown too).
type UsageReported struct {
	Header `tstype:",extends"`
	Type   string   `json:"type" tstype:"\"usage\""`
	Usage  Usage    `json:"usage"`
	Cost   *float64 `json:"cost" tstype:"number | null,required"`
	Window int      `json:"window" tstype:",optional"`
}

// Retry says the provider failed and the request will be sent again.
type Retry struct {
	Header  `tstype:",extends"`
	Type    string `json:"type" tstype:"\"retry\""`
	Class   string `json:"class"`
	Attempt int    `json:"attempt"`
	DelayMs int64  `json:"delayMs"`
}

// Compacted says the history was shortened to fit the context window.
type Compacted struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"compacted\""`
	Kind   string `json:"kind"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// HookRan is a hook command that ran (agent/hooks): its event, command,
// exit code (-1 when it did not exit by itself), time and output; Problem
// is a timeout, a failure to start or invalid JSON, never silent.
type HookRan struct {
	Header     `tstype:",extends"`
	Type       string `json:"type" tstype:"\"hook\""`
	Event      string `json:"event"`
	Command    string `json:"command"`
	ExitCode   int    `json:"exitCode"`
	DurationMs int64  `json:"durationMs"`
	Output     string `json:"output"`
	Problem    string `json:"problem,omitempty"`
	Blocked    bool   `json:"blocked,omitempty"`
}

// TurnError is a failed turn's class and redacted message.
type TurnError struct {
	Header  `tstype:",extends"`
	Type    string `json:"type" tstype:"\"error\""`
	Class   string `json:"class"`
	Message string `json:"message"`
	// BillingURL is where to add credit when the key has none (class quota).
	BillingURL string `json:"billingUrl,omitempty"`
}

// Changes lists the files the turn changed, sent before done when any
// changed; Stats is absent when line counts could not be computed.
type Changes struct {
	Header `tstype:",extends"`
	Type   string        `json:"type" tstype:"\"changes\""`
	Files  []string      `json:"files"`
	Stats  *[]FileChange `json:"stats,omitempty" tstype:"FileChange[]"`
}

// Done ends a turn.
type Done struct {
	Header     `tstype:",extends"`
	Type       string   `json:"type" tstype:"\"done\""`
	Text       string   `json:"text"`
	Iterations int      `json:"iterations"`
	ElapsedMs  int64    `json:"elapsedMs"`
	Stopped    bool     `json:"stopped"`
	Usage      Usage    `json:"usage"`
	Cost       *float64 `json:"cost" tstype:"number | null,required"`
	// SubagentUsage is the part of Usage the turn's subagents used.
	SubagentUsage *Usage `json:"subagentUsage,omitempty" tstype:",optional"`
}

// Plan is the plan the model proposed in plan mode, for the person to
// approve (into a mode) or answer with feedback.
type Plan struct {
	Header   `tstype:",extends"`
	Type     string `json:"type" tstype:"\"plan\""`
	CallID   string `json:"callId"`
	Markdown string `json:"markdown"`
}

// TodoItem is one step of the conversation's todo list.
type TodoItem struct {
	Content string `json:"content"`
	Status  string `json:"status" tstype:"\"pending\" | \"in_progress\" | \"completed\""`
}

// Todos is the conversation's todo list after a change: the model's todo
// call, or an approved plan's steps (sent as the turn carrying it out
// starts).
type Todos struct {
	Header `tstype:",extends"`
	Type   string     `json:"type" tstype:"\"todos\""`
	Items  []TodoItem `json:"items"`
}

// SubagentStep is one step of a subagent's own transcript, nested under
// the task call (CallID) that runs it: a tool call starting or ending
// (ToolCallID, Name, Args, Status, Output), what a response used, or the
// end with its final Text.
type SubagentStep struct {
	Header      `tstype:",extends"`
	Type        string   `json:"type" tstype:"\"subagent\""`
	CallID      string   `json:"callId"`
	Agent       string   `json:"agent"`
	Description string   `json:"description"`
	Step        string   `json:"step" tstype:"\"tool_started\" | \"tool_finished\" | \"usage\" | \"error\" | \"done\""`
	ToolCallID  string   `json:"toolCallId,omitempty" tstype:",optional"`
	Name        string   `json:"name,omitempty" tstype:",optional"`
	Args        any      `json:"args,omitempty" tstype:"unknown"`
	Status      string   `json:"status,omitempty" tstype:",optional"`
	Output      string   `json:"output,omitempty" tstype:",optional"`
	Text        string   `json:"text,omitempty" tstype:",optional"`
	Usage       *Usage   `json:"usage,omitempty" tstype:",optional"`
	Cost        *float64 `json:"cost,omitempty" tstype:",optional"`
}

// MCPWaiting says the turn waits for MCP servers still connecting, so their
// tools are offered from its first request; one with Done ends the wait
// (Servers then names those still connecting, whose tools join the turn
// when they connect).
type MCPWaiting struct {
	Header  `tstype:",extends"`
	Type    string   `json:"type" tstype:"\"mcp_waiting\""`
	Servers []string `json:"servers"`
	Done    bool     `json:"done,omitempty" tstype:",optional"`
}

// SlotWaiting says the turn waits for one of the project's running turns
// to end, since as many run as the person allows; one with Done ends the
// wait.
type SlotWaiting struct {
	Header `tstype:",extends"`
	Type   string `json:"type" tstype:"\"slot_waiting\""`
	Done   bool   `json:"done,omitempty" tstype:",optional"`
}

// ChatEvent is every event of the chat protocol: the union the TypeScript
// reducer switches over (Go code uses Event).
type ChatEvent interface {
	TurnStarted | Text | Reasoning | ToolStarted | ToolProgress | ToolFinished |
		ApprovalRequested | ApprovalResolved | UsageReported | Retry | Compacted |
		HookRan | TurnError | Changes | Done | Plan | SubagentStep | Todos |
		ElicitationRequested | ElicitationResolved | MCPWaiting | SlotWaiting
}
