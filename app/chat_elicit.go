package app

import "encoding/json"

// AnswerElicitation answers an MCP server's question shown in the chat
// (an elicitation_requested event): action is accept, decline or cancel;
// content, for accept, is the form's fields as a JSON object.
func (a *Chat) AnswerElicitation(conv, requestID, action, content string) error {
	c, err := a.conversation(conv)
	if err != nil {
		return err
	}
	var raw json.RawMessage
	if content != "" {
		if !json.Valid([]byte(content)) {
			return invalidf("content", "the answer is not JSON")
		}
		raw = json.RawMessage(content)
	}
	return viewErr(c.AnswerElicitation(requestID, action, raw))
}
