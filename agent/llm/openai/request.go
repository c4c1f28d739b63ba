package openai

import (
	"encoding/json"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

type wireMessage struct {
	Role       string     `json:"role"`
	Content    any        `json:"content"` // *string, nil, or []wirePart
	ToolCalls  []wireCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
	Name       string     `json:"name,omitempty"`
}

type wireCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type wireTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

type wireRequest struct {
	Model           string         `json:"model"`
	Messages        []wireMessage  `json:"messages"`
	Tools           []wireTool     `json:"tools,omitempty"`
	ToolChoice      any            `json:"tool_choice,omitempty"`
	Stream          bool           `json:"stream"`
	StreamOptions   map[string]any `json:"stream_options,omitempty"`
	MaxTokens       int            `json:"max_tokens,omitempty"`
	Temperature     *float64       `json:"temperature,omitempty"`
	ReasoningEffort string         `json:"reasoning_effort,omitempty"`
	Options         map[string]any `json:"options,omitempty"`
	Usage           map[string]any `json:"usage,omitempty"`
}

func str(s string) *string { return &s }

// buildBody encodes req as a Chat Completions request.
func (c *Client) buildBody(req *llm.Request) ([]byte, error) {
	w := wireRequest{Model: req.Model, Stream: true, MaxTokens: req.MaxTokens, Temperature: req.Temperature,
		StreamOptions: map[string]any{"include_usage": true}}
	if req.Reasoning != "" && req.Reasoning != "off" && c.cfg.SendReasoningEffort {
		w.ReasoningEffort = req.Reasoning
	}
	if req.NumCtx > 0 {
		w.Options = map[string]any{"num_ctx": req.NumCtx}
	}
	if c.cfg.OpenRouter {
		w.Usage = map[string]any{"include": true}
	}
	if req.System != "" {
		w.Messages = append(w.Messages, wireMessage{Role: "system", Content: str(req.System)})
	}
	for _, m := range req.Messages {
		wm, err := encodeMessage(m)
		if err != nil {
			return nil, err
		}
		w.Messages = append(w.Messages, wm...)
	}
	for _, t := range req.Tools {
		var wt wireTool
		wt.Type = "function"
		wt.Function.Name, wt.Function.Description, wt.Function.Parameters = t.Name, t.Description, t.Parameters
		if len(wt.Function.Parameters) == 0 {
			wt.Function.Parameters = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		w.Tools = append(w.Tools, wt)
	}
	if len(w.Tools) > 0 {
		w.ToolChoice = toolChoice(req.ToolChoice)
	}
	return json.Marshal(w)
}

// toolChoice is the wire's tool_choice: nil (the server's default, auto),
// "none", "required", or the named function.
func toolChoice(tc llm.ToolChoice) any {
	if tc.Name != "" {
		return map[string]any{"type": "function", "function": map[string]string{"name": tc.Name}}
	}
	if tc.Mode == llm.ToolChoiceAuto {
		return nil
	}
	return tc.Mode
}

func encodeMessage(m llm.Message) ([]wireMessage, error) {
	switch m.Role {
	case llm.RoleAssistant:
		wm := wireMessage{Role: "assistant"}
		if m.Text != "" || len(m.ToolCalls) == 0 {
			wm.Content = str(m.Text)
		}
		for _, tc := range m.ToolCalls {
			var wc wireCall
			wc.ID, wc.Type, wc.Function.Name = tc.ID, "function", tc.Name
			wc.Function.Arguments = string(tc.Args)
			if tc.RawArgs != "" {
				wc.Function.Arguments = tc.RawArgs
			}
			wm.ToolCalls = append(wm.ToolCalls, wc)
		}
		return []wireMessage{wm}, nil
	case llm.RoleTool:
		out := make([]wireMessage, 0, len(m.ToolResults)+2)
		var media []wirePart
		for _, r := range m.ToolResults {
			content := r.Content
			if content == "" {
				content = "(no output)"
			}
			text, parts, err := splitParts(r.Parts)
			if err != nil {
				return nil, err
			}
			content += text
			out = append(out, wireMessage{Role: "tool", ToolCallID: r.CallID, Content: str(content)})
			if len(parts) > 0 {
				// Tool messages take only text, so the tool's images follow in a user message.
				media = append(media, wirePart{Type: "text", Text: "Output of tool " + r.Name + " (call " + r.CallID + "), attached by the tool, not written by the user:"})
				media = append(media, parts...)
			}
		}
		if len(media) > 0 {
			out = append(out, wireMessage{Role: "user", Content: media})
		}
		if m.Text != "" {
			out = append(out, wireMessage{Role: "user", Content: str(m.Text)})
		}
		return out, nil
	default:
		if len(m.Parts) == 0 {
			return []wireMessage{{Role: "user", Content: str(m.Text)}}, nil
		}
		text, media, err := splitParts(m.Parts)
		if err != nil {
			return nil, err
		}
		if len(media) == 0 { // text alone stays a string, which every compatible server takes
			return []wireMessage{{Role: "user", Content: str(strings.TrimPrefix(m.Text+text, "\n\n"))}}, nil
		}
		var parts []wirePart
		if m.Text != "" {
			parts = append(parts, wirePart{Type: "text", Text: m.Text})
		}
		if text != "" {
			parts = append(parts, wirePart{Type: "text", Text: strings.TrimPrefix(text, "\n\n")})
		}
		return []wireMessage{{Role: "user", Content: append(parts, media...)}}, nil
	}
}
