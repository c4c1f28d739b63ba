// Package llm holds the provider-neutral types the agent loop speaks: messages
// with text, reasoning, tool calls and tool results; tool definitions; usage;
// typed errors; and the retry policy. The wire adapters (llm/openai,
// llm/anthropic) translate these to and from each provider's HTTP stream.
package llm

import (
	"context"
	"encoding/json"
)

// Role is who wrote a message.
type Role string

const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	// RoleTool carries the results of the previous assistant message's tool calls.
	RoleTool Role = "tool"
)

// Message is one entry of the conversation.
type Message struct {
	Role        Role         `json:"role"`
	Text        string       `json:"text,omitempty"`
	Reasoning   []Reasoning  `json:"reasoning,omitempty"`
	ToolCalls   []ToolCall   `json:"toolCalls,omitempty"`
	ToolResults []ToolResult `json:"toolResults,omitempty"`
	// Parts follow Text on a user message: attached images and documents.
	Parts []Part `json:"parts,omitempty"`
}

// Reasoning is one block of the model's thinking. Signature (and Redacted,
// Anthropic's encrypted thinking) are opaque and must be sent back verbatim.
type Reasoning struct {
	Text      string `json:"text,omitempty"`
	Signature string `json:"signature,omitempty"`
	Redacted  string `json:"redacted,omitempty"`
}

// ToolCall is a call the model asked for. Args is always valid JSON; when the
// model sent arguments that do not parse, Args is {} and RawArgs keeps what
// it sent so the error shown to it can quote it and the history stays true.
type ToolCall struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	Args    json.RawMessage `json:"args"`
	RawArgs string          `json:"rawArgs,omitempty"`
}

// ArgsError reports why the arguments could not be parsed, or "".
func (c ToolCall) ArgsError() string {
	if c.RawArgs == "" {
		return ""
	}
	var v any
	if err := json.Unmarshal([]byte(c.RawArgs), &v); err != nil {
		return "arguments are not valid JSON: " + err.Error()
	}
	return "arguments must be a JSON object"
}

// ToolResult answers one ToolCall by id.
type ToolResult struct {
	CallID  string `json:"callId"`
	Name    string `json:"name"`
	Content string `json:"content"`
	IsError bool   `json:"isError,omitempty"`
	// Parts follow Content: images or documents the tool returned.
	Parts []Part `json:"parts,omitempty"`
}

// ToolDef is what the model is told about a tool.
type ToolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// Request is one model call.
type Request struct {
	Model       string
	System      string
	Messages    []Message
	Tools       []ToolDef
	MaxTokens   int      // 0: adapter default
	Temperature *float64 // nil: provider default
	// Reasoning is the effort: "", "off", "low", "medium" or "high".
	Reasoning string
	// NumCtx is sent to Ollama as options.num_ctx so long prompts are not
	// silently truncated to its small default window.
	NumCtx int
	// Cache marks the tools, the system prompt and the conversation so far
	// as cacheable (Anthropic); other wires cache prefixes on their own.
	Cache bool
	// ToolChoice says whether the model may, must or must not call Tools;
	// the zero value lets it choose.
	ToolChoice ToolChoice
}

// ToolChoice modes.
const (
	ToolChoiceAuto     = ""
	ToolChoiceNone     = "none"
	ToolChoiceRequired = "required"
)

// ToolChoice is what a request demands of the model's tool calls: Name,
// when set, forces that tool; otherwise Mode (ToolChoiceAuto, None or
// Required) applies.
type ToolChoice struct {
	Mode string
	Name string
}

// Usage is token accounting for one response.
type Usage struct {
	InputTokens       int `json:"input_tokens"` // includes cached tokens
	CachedInputTokens int `json:"cached_input_tokens"`
	CacheWriteTokens  int `json:"cache_write_tokens,omitempty"`
	OutputTokens      int `json:"output_tokens"` // includes reasoning tokens
	ReasoningTokens   int `json:"reasoning_tokens"`
	// Cost is the provider-reported cost in USD (OpenRouter), or nil.
	Cost *float64 `json:"cost,omitempty"`
}

// Add accumulates u2 into u.
func (u *Usage) Add(u2 Usage) {
	u.InputTokens += u2.InputTokens
	u.CachedInputTokens += u2.CachedInputTokens
	u.CacheWriteTokens += u2.CacheWriteTokens
	u.OutputTokens += u2.OutputTokens
	u.ReasoningTokens += u2.ReasoningTokens
	if u2.Cost != nil {
		c := *u2.Cost
		if u.Cost != nil {
			c += *u.Cost
		}
		u.Cost = &c
	}
}

// Stop reasons, normalised across providers.
const (
	StopEnd       = "end"
	StopToolCalls = "tool_calls"
	StopLength    = "length"
	// StopRefusal is the model declining to answer (Anthropic's "refusal",
	// OpenAI's "content_filter").
	StopRefusal = "refusal"
)

// Response is a finished (or, with an error, partial) model answer.
type Response struct {
	Message    Message // always RoleAssistant
	Usage      Usage
	StopReason string
}

// DeltaKind says what a streamed fragment is.
type DeltaKind int

const (
	DeltaText DeltaKind = iota
	DeltaReasoning
)

// Delta is a fragment shown to the user while the response streams.
type Delta struct {
	Kind DeltaKind
	Text string
}

// Client streams one model response. onDelta is called from the calling
// goroutine as text arrives. On error the returned Response (never nil)
// holds the partial text received, and no tool call: a failed response's
// calls must not run.
type Client interface {
	Stream(ctx context.Context, req *Request, onDelta func(Delta)) (*Response, error)
}
