package anthropic

import (
	"encoding/json"

	"github.com/hearth-agent/hearth/agent/llm"
)

type block struct {
	Type         string          `json:"type"`
	Text         *string         `json:"text,omitempty"`
	Thinking     *string         `json:"thinking,omitempty"`
	Signature    *string         `json:"signature,omitempty"`
	Data         string          `json:"data,omitempty"`
	ID           string          `json:"id,omitempty"`
	Name         string          `json:"name,omitempty"`
	Input        json.RawMessage `json:"input,omitempty"`
	ToolUseID    string          `json:"tool_use_id,omitempty"`
	Content      any             `json:"content,omitempty"` // *string or []block in a tool_result
	Source       *source         `json:"source,omitempty"`
	Title        string          `json:"title,omitempty"`
	IsError      bool            `json:"is_error,omitempty"`
	CacheControl *cacheControl   `json:"cache_control,omitempty"`
}

type cacheControl struct {
	Type string `json:"type"`
}

type wireMessage struct {
	Role    string  `json:"role"`
	Content []block `json:"content"`
}

type wireTool struct {
	Name         string          `json:"name"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"input_schema"`
	CacheControl *cacheControl   `json:"cache_control,omitempty"`
}

type thinking struct {
	Type         string `json:"type"`
	BudgetTokens int    `json:"budget_tokens"`
}

type wireRequest struct {
	Model       string        `json:"model"`
	MaxTokens   int           `json:"max_tokens"`
	System      []block       `json:"system,omitempty"`
	Messages    []wireMessage `json:"messages"`
	Tools       []wireTool    `json:"tools,omitempty"`
	ToolChoice  *toolChoice   `json:"tool_choice,omitempty"`
	Stream      bool          `json:"stream"`
	Temperature *float64      `json:"temperature,omitempty"`
	Thinking    *thinking     `json:"thinking,omitempty"`
}

// toolChoice is Anthropic's tool_choice: auto, any (some tool), tool (the
// named one) or none.
type toolChoice struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
}

func str(s string) *string { return &s }

// wireToolChoice maps tc onto the wire; nil leaves the default (auto).
func wireToolChoice(tc llm.ToolChoice) *toolChoice {
	switch {
	case tc.Name != "":
		return &toolChoice{Type: "tool", Name: tc.Name}
	case tc.Mode == llm.ToolChoiceRequired:
		return &toolChoice{Type: "any"}
	case tc.Mode == llm.ToolChoiceNone:
		return &toolChoice{Type: "none"}
	}
	return nil
}

var budgets = map[string]int{"low": 2048, "medium": 8192, "high": 24576}

func buildBody(req *llm.Request) ([]byte, error) {
	w := wireRequest{Model: req.Model, MaxTokens: req.MaxTokens, Stream: true, Temperature: req.Temperature}
	if w.MaxTokens == 0 {
		w.MaxTokens = DefaultMaxTokens
		if info, ok := llm.LookupModel(req.Model); ok && info.MaxOutput > 0 {
			w.MaxTokens = min(info.MaxOutput, 32000)
		}
	}
	if len(req.Tools) > 0 {
		w.ToolChoice = wireToolChoice(req.ToolChoice)
	}
	// Extended thinking takes only auto or none, so a forced tool call is
	// made without thinking.
	forced := w.ToolChoice != nil && w.ToolChoice.Type != "none"
	if b, ok := budgets[req.Reasoning]; ok && !forced {
		w.Thinking = &thinking{Type: "enabled", BudgetTokens: b}
		w.MaxTokens = max(w.MaxTokens, b+4096)
		w.Temperature = nil // thinking requires the default temperature
	}
	var cc *cacheControl
	if req.Cache {
		cc = &cacheControl{Type: "ephemeral"}
	}
	// Breakpoints (at most four): the tools, the system prompt and the
	// conversation so far, each a prefix the next request repeats.
	if req.System != "" {
		w.System = []block{{Type: "text", Text: str(req.System), CacheControl: cc}}
	}
	for i, t := range req.Tools {
		wt := wireTool{Name: t.Name, Description: t.Description, InputSchema: t.Parameters}
		if len(wt.InputSchema) == 0 {
			wt.InputSchema = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		if i == len(req.Tools)-1 {
			wt.CacheControl = cc // one breakpoint caches every tool before it
		}
		w.Tools = append(w.Tools, wt)
	}
	for _, m := range req.Messages {
		wm := encodeMessage(m)
		if len(wm.Content) == 0 {
			continue
		}
		// The API wants roles to alternate; tool results and a following
		// user message are both "user", so they merge.
		if n := len(w.Messages); n > 0 && w.Messages[n-1].Role == wm.Role {
			w.Messages[n-1].Content = append(w.Messages[n-1].Content, wm.Content...)
			continue
		}
		w.Messages = append(w.Messages, wm)
	}
	markLast(w.Messages, cc)
	return json.Marshal(w)
}

// markLast puts a cache breakpoint on the last block of the conversation,
// so the next request of the turn, which repeats all of it, reads it from
// the cache instead of paying for it again. Thinking blocks cannot carry
// one; the last message is the user's or the tools' results anyway.
func markLast(msgs []wireMessage, cc *cacheControl) {
	if cc == nil || len(msgs) == 0 {
		return
	}
	last := msgs[len(msgs)-1].Content
	if len(last) == 0 {
		return
	}
	switch b := &last[len(last)-1]; b.Type {
	case "text", "tool_result", "image", "document":
		b.CacheControl = cc
	}
}

func encodeMessage(m llm.Message) wireMessage {
	switch m.Role {
	case llm.RoleAssistant:
		wm := wireMessage{Role: "assistant"}
		for _, r := range m.Reasoning {
			switch {
			case r.Redacted != "":
				wm.Content = append(wm.Content, block{Type: "redacted_thinking", Data: r.Redacted})
			case r.Signature != "":
				wm.Content = append(wm.Content, block{Type: "thinking", Thinking: str(r.Text), Signature: str(r.Signature)})
			}
			// Unsigned reasoning (from another provider) cannot be replayed.
		}
		if m.Text != "" {
			wm.Content = append(wm.Content, block{Type: "text", Text: str(m.Text)})
		}
		for _, tc := range m.ToolCalls {
			args := tc.Args
			if len(args) == 0 {
				args = json.RawMessage("{}")
			}
			wm.Content = append(wm.Content, block{Type: "tool_use", ID: tc.ID, Name: tc.Name, Input: args})
		}
		return wm
	case llm.RoleTool:
		wm := wireMessage{Role: "user"}
		for _, r := range m.ToolResults {
			b := block{Type: "tool_result", ToolUseID: r.CallID, Content: str(r.Content), IsError: r.IsError}
			if len(r.Parts) > 0 {
				var content []block
				if r.Content != "" {
					content = append(content, block{Type: "text", Text: str(r.Content)})
				}
				b.Content = append(content, partBlocks(r.Parts)...)
			}
			wm.Content = append(wm.Content, b)
		}
		if m.Text != "" {
			wm.Content = append(wm.Content, block{Type: "text", Text: str(m.Text)})
		}
		return wm
	default:
		wm := wireMessage{Role: "user"}
		if m.Text != "" {
			wm.Content = []block{{Type: "text", Text: str(m.Text)}}
		}
		wm.Content = append(wm.Content, partBlocks(m.Parts)...)
		return wm
	}
}
