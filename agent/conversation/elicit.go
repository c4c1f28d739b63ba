package conversation

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/tool"
)

// elicitations are the MCP servers' questions waiting for the person.
type elicitations struct {
	mu      sync.Mutex
	next    int
	pending map[string]*pendingElicitation
}

type pendingElicitation struct {
	schema json.RawMessage
	answer chan mcp.ElicitAnswer // buffered: one answer
}

func (p *elicitations) open(schema json.RawMessage) (string, *pendingElicitation) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next++
	id := "elicit-" + strconv.Itoa(p.next)
	if p.pending == nil {
		p.pending = map[string]*pendingElicitation{}
	}
	e := &pendingElicitation{schema: schema, answer: make(chan mcp.ElicitAnswer, 1)}
	p.pending[id] = e
	return id, e
}

func (p *elicitations) take(id string) *pendingElicitation {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.pending[id]
	delete(p.pending, id)
	return e
}

// elicitor shows a turn's MCP elicitations to the person as events and
// waits for AnswerElicitation or the end of the call.
func (c *Conversation) elicitor(s *turnStream) mcp.Elicitor {
	return func(ctx context.Context, e mcp.Elicitation) (mcp.ElicitAnswer, error) {
		id, p := c.elicits.open(e.Schema)
		s.send(&ElicitationRequested{RequestID: id, CallID: tool.CallID(ctx), Server: e.Server,
			Message: s.red.String(e.Message), Schema: e.Schema})
		select {
		case a := <-p.answer:
			s.send(&ElicitationResolved{RequestID: id, Action: a.Action})
			return a, nil
		case <-ctx.Done():
			c.elicits.take(id)
			s.send(&ElicitationResolved{RequestID: id, Action: "cancel"})
			return mcp.ElicitAnswer{}, ctx.Err()
		}
	}
}

// AnswerElicitation gives an MCP server the person's answer to its
// question: accept with content (a JSON object matching the request's
// schema), decline or cancel.
func (c *Conversation) AnswerElicitation(requestID, action string, content json.RawMessage) error {
	a := mcp.ElicitAnswer{Action: action}
	switch action {
	case "accept":
		if len(content) == 0 {
			content = json.RawMessage(`{}`)
		}
		if err := json.Unmarshal(content, &a.Content); err != nil || a.Content == nil {
			return inputf("content", "the answer must be a JSON object of the fields asked for")
		}
	case "decline", "cancel":
	default:
		return inputf("action", "answer accept, decline or cancel, not "+strconv.Quote(action))
	}
	c.elicits.mu.Lock()
	p := c.elicits.pending[requestID]
	c.elicits.mu.Unlock()
	if p == nil {
		return inputf("elicitation", "this question was already answered or cancelled")
	}
	if action == "accept" {
		if err := mcp.ValidateElicitContent(p.schema, a.Content); err != nil {
			return inputf("content", err.Error())
		}
	}
	if c.elicits.take(requestID) == nil {
		return inputf("elicitation", "this question was already answered or cancelled")
	}
	p.answer <- a
	return nil
}
