package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// MaxBody is the largest request body the server reads.
const MaxBody = 20 << 20

// parsed is a chat request turned into what a turn needs.
type parsed struct {
	req chatRequest
	// history is the conversation before the request's last user message
	// (or before its trailing tool results).
	history []llm.Message
	// prompt is the last user message; "" when the request continues after
	// client tool calls with results.
	prompt  string
	parts   []llm.Part // the prompt's images
	results []llm.ToolResult
	// calling is the assistant message whose client calls results answer.
	calling     *llm.Message
	clientTools []llm.ToolDef
	toolChoice  llm.ToolChoice
}

// readRequest reads and checks a chat request's body.
func readRequest(w http.ResponseWriter, r *http.Request) (*parsed, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, badRequest("request_too_large", "", "the request body is larger than %d MB", MaxBody>>20)
	case err != nil:
		return nil, badRequest("", "", "reading the request body: %v", err)
	}
	return parseRequest(body)
}

func parseRequest(body []byte) (*parsed, error) {
	p := &parsed{}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, badRequest("invalid_json", "", "the request body is empty; send a JSON chat completion request")
	}
	if err := json.Unmarshal(body, &p.req); err != nil {
		return nil, jsonError(err)
	}
	req := &p.req
	switch {
	case req.Model == "":
		return nil, badRequest("", "model", "model is required (see GET /v1/models)")
	case len(req.Messages) == 0:
		return nil, badRequest("", "messages", "messages is empty; send at least one user message")
	case req.N != nil && *req.N != 1:
		return nil, badRequest("", "n", "n must be 1: the agent gives one answer")
	case req.Temperature != nil && (*req.Temperature < 0 || *req.Temperature > 2):
		return nil, badRequest("", "temperature", "temperature must be between 0 and 2")
	}
	for _, f := range []struct {
		name string
		v    *int
	}{{"max_tokens", req.MaxTokens}, {"max_completion_tokens", req.MaxCompletionTokens}} {
		if f.v != nil && *f.v < 1 {
			return nil, badRequest("", f.name, "%s must be at least 1", f.name)
		}
	}
	if err := p.readTools(); err != nil {
		return nil, err
	}
	msgs, err := convertMessages(req.Messages)
	if err != nil {
		return nil, err
	}
	return p, p.split(msgs)
}

// jsonError words a decoding failure with the field and type at fault.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return badRequest("invalid_json", "", "the body is not valid JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return badRequest("invalid_type", "", "the body must be a JSON object, not %s", typ.Value)
		}
		return badRequest("invalid_type", field, "%s must be %s, not %s", field, jsonType(typ.Type.Kind().String()), typ.Value)
	}
	return badRequest("invalid_json", "", "the body is not valid JSON: %v", err)
}

func jsonType(kind string) string {
	switch kind {
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	case "int", "int64", "float64":
		return "a number"
	case "ptr":
		return "a value of another type"
	}
	return "a " + kind
}

func (p *parsed) readTools() error {
	choice, err := readToolChoice(p.req.ToolChoice)
	if err != nil {
		return err
	}
	for i, t := range p.req.Tools {
		param := fmt.Sprintf("tools[%d]", i)
		if t.Type != "function" {
			return badRequest("", param+".type", "%s.type must be \"function\", not %q", param, t.Type)
		}
		if t.Function.Name == "" {
			return badRequest("", param+".function.name", "%s.function.name is required", param)
		}
		if len(t.Function.Parameters) > 0 && !json.Valid(t.Function.Parameters) {
			return badRequest("", param+".function.parameters", "%s.function.parameters must be a JSON Schema object", param)
		}
		p.clientTools = append(p.clientTools, llm.ToolDef{Name: t.Function.Name,
			Description: t.Function.Description, Parameters: t.Function.Parameters})
	}
	switch {
	case choice.Mode == llm.ToolChoiceNone:
		// No client tool may be called, so none is offered; the agent's
		// own tools are not tool calls of the API and stay.
		p.clientTools = nil
		return nil
	case choice.Mode == llm.ToolChoiceRequired && len(p.clientTools) == 0:
		return badRequest("", "tool_choice", `tool_choice "required" needs at least one tool in tools`)
	case choice.Name != "" && !slices.ContainsFunc(p.clientTools, func(d llm.ToolDef) bool { return d.Name == choice.Name }):
		return badRequest("", "tool_choice", "tool_choice names the function %q, which is not in tools", choice.Name)
	}
	p.toolChoice = choice
	return nil
}

// readToolChoice reads tool_choice: "none", "auto", "required", or
// {"type": "function", "function": {"name": ...}}.
func readToolChoice(raw json.RawMessage) (llm.ToolChoice, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return llm.ToolChoice{}, nil
	}
	const want = `tool_choice must be "none", "auto", "required" or {"type": "function", "function": {"name": NAME}}`
	var mode string
	if json.Unmarshal(raw, &mode) == nil {
		switch mode {
		case "auto":
			return llm.ToolChoice{}, nil
		case "none", "required":
			return llm.ToolChoice{Mode: mode}, nil
		}
		return llm.ToolChoice{}, badRequest("", "tool_choice", "%s, not %q", want, mode)
	}
	var named struct {
		Type     string `json:"type"`
		Function *struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if err := json.Unmarshal(raw, &named); err != nil {
		return llm.ToolChoice{}, badRequest("invalid_type", "tool_choice", "%s, not %s", want, s[:min(len(s), 40)])
	}
	switch {
	case named.Type == "allowed_tools" || named.Type == "custom":
		return llm.ToolChoice{}, badRequest("unsupported_value", "tool_choice.type", `tool_choice of type %q is not supported here; use "none", "auto", "required" or a function`, named.Type)
	case named.Type != "function":
		return llm.ToolChoice{}, badRequest("", "tool_choice.type", `tool_choice.type must be "function", not %q`, named.Type)
	case named.Function == nil || named.Function.Name == "":
		return llm.ToolChoice{}, badRequest("", "tool_choice.function.name", "tool_choice.function.name is required")
	}
	return llm.ToolChoice{Name: named.Function.Name}, nil
}

// split cuts the converted messages into history and what this request
// adds: a user prompt, or the results of client tool calls.
func (p *parsed) split(msgs []llm.Message) error {
	n := len(msgs)
	last := msgs[n-1]
	switch last.Role {
	case llm.RoleUser:
		p.history, p.prompt, p.parts = msgs[:n-1], last.Text, last.Parts
		if strings.TrimSpace(p.prompt) == "" && len(p.parts) == 0 {
			return badRequest("", "messages", "the last user message is empty")
		}
		return nil
	case llm.RoleTool:
		i := n - 1
		for i > 0 && msgs[i-1].Role == llm.RoleTool {
			i--
		}
		if i == 0 || len(msgs[i-1].ToolCalls) == 0 {
			return badRequest("", "messages", "tool messages must follow the assistant message whose tool_calls they answer")
		}
		for _, m := range msgs[i:] {
			p.results = append(p.results, m.ToolResults...)
		}
		p.history, p.calling = msgs[:i], &msgs[i-1]
		return nil
	default:
		return badRequest("", "messages", "the last message must be from the user (or tool results); there is nothing to answer")
	}
}

// needUser fails a request that brings its whole history (no session to
// continue) without a single user message.
func (p *parsed) needUser() error {
	if p.prompt != "" {
		return nil
	}
	for _, m := range p.history {
		if m.Role == llm.RoleUser {
			return nil
		}
	}
	return badRequest("", "messages", "no user message: send at least one message with role \"user\" (or continue a session with %s)", SessionHeader)
}
