package loop

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// maxBadReplies is how many malformed text-protocol replies are answered
// with a correction before the turn fails.
const maxBadReplies = 3

// protoReply is one text-protocol reply.
type protoReply struct {
	Tool     string          `json:"tool"`
	Args     json.RawMessage `json:"args"`
	Done     bool            `json:"done"`
	Response *string         `json:"response"`
}

// parseReply extracts the JSON object from a text-protocol reply: code
// fences and prose around the object are tolerated.
func parseReply(text string) (protoReply, error) {
	s := strings.TrimSpace(text)
	if i := strings.Index(s, "```"); i >= 0 {
		body := s[i+3:]
		if nl := strings.IndexByte(body, '\n'); nl >= 0 && !strings.HasPrefix(strings.TrimSpace(body[:nl]), "{") {
			body = body[nl+1:] // drop the fence's language tag
		}
		if j := strings.Index(body, "```"); j >= 0 {
			body = body[:j]
		}
		s = strings.TrimSpace(body)
	}
	start, end := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}')
	if start < 0 || end < start {
		return protoReply{}, errors.New("no JSON object found")
	}
	var r protoReply
	dec := json.NewDecoder(strings.NewReader(s[start : end+1]))
	if err := dec.Decode(&r); err != nil {
		return protoReply{}, fmt.Errorf("the JSON does not parse: %v", err)
	}
	switch {
	case r.Done && r.Response == nil:
		return r, errors.New(`"done" needs a "response" string`)
	case r.Done:
		return r, nil
	case r.Tool == "":
		return r, errors.New(`the object has neither "tool" nor "done": true`)
	}
	if len(r.Args) == 0 || string(r.Args) == "null" {
		r.Args = json.RawMessage("{}")
	}
	return r, nil
}

// textProtocol interprets a reply of a model without native tools. It
// returns the call to run, or final when the model is done. A malformed
// reply is answered with a correction (calls nil, final false) up to
// maxBadReplies times, then the turn fails.
func (t *turn) textProtocol(resp *llm.Response) (calls []llm.ToolCall, final bool) {
	r, err := parseReply(resp.Message.Text)
	if err != nil {
		t.badReplies++
		if t.badReplies > maxBadReplies {
			t.res.Err = &TurnErr{ClassTextProtocol, fmt.Sprintf(
				"stopped: the model's reply was not a valid tool-protocol JSON object %d times in a row (%v)", t.badReplies, err)}
			return nil, false
		}
		t.msgs = append(t.msgs, llm.Message{Role: llm.RoleUser, Text: fmt.Sprintf(
			"Your reply could not be used: %v. Reply with exactly one JSON object: "+
				`{"tool": "<name>", "args": {...}} or {"done": true, "response": "<answer>"}.`, err)})
		return nil, false
	}
	t.badReplies = 0
	if r.Done {
		t.res.Text = *r.Response
		t.emit(TextDelta{Text: *r.Response})
		return nil, true
	}
	var ids llm.IDs
	tc := llm.ToolCall{ID: ids.New(), Name: r.Tool, Args: r.Args}
	var obj map[string]json.RawMessage
	if json.Unmarshal(r.Args, &obj) != nil || obj == nil {
		tc.Args, tc.RawArgs = json.RawMessage("{}"), string(r.Args)
	}
	return []llm.ToolCall{tc}, false
}

// textResults renders results as the user message a text-protocol model
// reads next.
func textResults(outs []outcome) string {
	var b strings.Builder
	for _, o := range outs {
		fmt.Fprintf(&b, "Result of %s:\n%s\n\n", o.result.Name, o.result.Content)
	}
	b.WriteString("Reply with the next JSON object.")
	return b.String()
}
