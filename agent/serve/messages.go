package serve

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// convertMessages maps OpenAI messages onto the agent's history. System
// and developer messages become instructions at the head of the next user
// message: the agent keeps its own system prompt.
func convertMessages(in []wireMessage) ([]llm.Message, error) {
	var out []llm.Message
	var instructions []string
	names := map[string]string{} // tool call id → its tool's name
	for i, m := range in {
		param := fmt.Sprintf("messages[%d]", i)
		text, parts, err := content(m.Content, param, m.Role == "user")
		if err != nil {
			return nil, err
		}
		switch m.Role {
		case "system", "developer":
			instructions = append(instructions, text)
		case "user":
			if len(instructions) > 0 {
				text = "Instructions from the client:\n" + strings.Join(instructions, "\n\n") + "\n\n" + text
				instructions = nil
			}
			out = append(out, llm.Message{Role: llm.RoleUser, Text: text, Parts: parts})
		case "assistant":
			am := llm.Message{Role: llm.RoleAssistant, Text: text}
			for j, c := range m.ToolCalls {
				if c.ID == "" || c.Function.Name == "" {
					return nil, badRequest("", fmt.Sprintf("%s.tool_calls[%d]", param, j), "%s.tool_calls[%d] needs an id and a function name", param, j)
				}
				args := json.RawMessage(c.Function.Arguments)
				call := llm.ToolCall{ID: c.ID, Name: c.Function.Name, Args: args}
				if !json.Valid(args) {
					call.Args, call.RawArgs = json.RawMessage("{}"), c.Function.Arguments
				}
				names[c.ID] = c.Function.Name
				am.ToolCalls = append(am.ToolCalls, call)
			}
			out = append(out, am)
		case "tool":
			name, ok := names[m.ToolCallID]
			if !ok {
				return nil, badRequest("", param+".tool_call_id", "%s.tool_call_id %q answers no tool call of an earlier assistant message", param, m.ToolCallID)
			}
			out = append(out, llm.Message{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: m.ToolCallID, Name: name, Content: text}}})
		case "":
			return nil, badRequest("", param+".role", "%s.role is required", param)
		default:
			return nil, badRequest("invalid_role", param+".role", "%s.role %q is not one of system, developer, user, assistant, tool", param, m.Role)
		}
	}
	if len(out) == 0 {
		return nil, badRequest("", "messages", "no user message: send at least one message with role \"user\"")
	}
	return out, nil
}

// content reads a message's content: a string, null, or an array of text
// parts and, in user messages, image parts with data: URLs.
func content(raw json.RawMessage, param string, images bool) (string, []llm.Part, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return "", nil, nil
	}
	switch s[0] {
	case '"':
		var text string
		err := json.Unmarshal(raw, &text)
		return text, nil, err
	case '[':
		var parts []json.RawMessage
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", nil, badRequest("invalid_type", param+".content", "%s.content must be a string or an array of parts", param)
		}
		var texts []string
		var media []llm.Part
		for j, raw := range parts {
			at := fmt.Sprintf("%s.content[%d]", param, j)
			var part contentPart
			if json.Unmarshal(raw, &part) != nil {
				return "", nil, badRequest("invalid_type", at, "%s must be an object with a type", at)
			}
			switch part.Type {
			case "text":
				texts = append(texts, part.Text)
			case "image_url":
				if !images {
					return "", nil, badRequest("unsupported_content", at, "%s: image parts are taken in user messages only", at)
				}
				img, err := imagePart(part, at)
				if err != nil {
					return "", nil, err
				}
				media = append(media, img)
			default:
				return "", nil, badRequest("invalid_type", at+".type", "%s.type %q is not a known part type (text, image_url)", at, part.Type)
			}
		}
		return strings.Join(texts, "\n"), media, nil
	}
	return "", nil, badRequest("invalid_type", param+".content", "%s.content must be a string or an array of parts, not %s", param, s[:min(len(s), 20)])
}
