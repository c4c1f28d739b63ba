package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/openai/openai-go/v3"
)

func TestApprovalModeDeniesWithAMessageToTheModel(t *testing.T) {
	for _, tc := range []struct {
		mode    tools.ApproveMode
		written bool
	}{{tools.ApproveNever, false}, {tools.ApproveEdits, true}} {
		t.Run(string(tc.mode), func(t *testing.T) {
			prov := newProvider(t, callTool("w1", "write_file", `{"path":"out.txt","content":"hi"}`),
				func(r provRequest) provReply { return provReply{text: "tool said: " + r.lastTool()} })
			h := startServer(t, prov, func(c *setup) { c.Approve = tc.mode })
			c := h.client()
			stream := c.Chat.Completions.NewStreaming(context.Background(), userSays("write it"))
			var acc openai.ChatCompletionAccumulator
			var statuses []string
			for stream.Next() {
				ch := stream.Current()
				acc.AddChunk(ch)
				if raw, ok := ch.JSON.ExtraFields["hearth"]; ok && strings.Contains(raw.Raw(), "tool_result") {
					statuses = append(statuses, raw.Raw())
				}
			}
			if err := stream.Err(); err != nil {
				t.Fatal(err)
			}
			_, err := os.Stat(filepath.Join(h.ws, "out.txt"))
			if written := err == nil; written != tc.written {
				t.Fatalf("file written %v, want %v", written, tc.written)
			}
			answer := acc.Choices[0].Message.Content
			if !tc.written && (len(statuses) != 1 || !strings.Contains(statuses[0], `"status":"denied"`) || !strings.Contains(answer, "denied")) {
				t.Fatalf("a denied call must be reported to the model and the client: %v %q", statuses, answer)
			}
		})
	}
}

// cards is a person answering approvals as the desktop's cards do.
type cards struct {
	asked    chan *conversation.ApprovalRequested
	resolved chan *conversation.ApprovalResolved
}

func (c *cards) Requested(r *conversation.ApprovalRequested) { c.asked <- r }
func (c *cards) Resolved(r *conversation.ApprovalResolved)   { c.resolved <- r }

func TestApprovalsAskedOfAPerson(t *testing.T) {
	prov := newProvider(t, callTool("w1", "write_file", `{"path":"out.txt","content":"hi"}`), say("written"))
	person := &cards{asked: make(chan *conversation.ApprovalRequested, 1), resolved: make(chan *conversation.ApprovalResolved, 1)}
	h := startServer(t, prov, func(c *setup) { c.Approve, c.Approvals = tools.ApproveNever, person })
	done := make(chan error, 1)
	go func() {
		c := h.client()
		_, err := c.Chat.Completions.New(context.Background(), userSays("write it"))
		done <- err
	}()
	var req *conversation.ApprovalRequested
	select {
	case req = <-person.asked:
	case <-time.After(15 * time.Second):
		t.Fatal("the edit was not asked of the person")
	}
	if req.Tool != "write_file" || req.Kind != "edit" {
		t.Fatalf("request %+v", req)
	}
	if err := h.srv.Approve("nope", "allow_once", ""); err != ErrUnknownApproval {
		t.Fatalf("an unknown request: %v", err)
	}
	if err := h.srv.Approve(req.RequestID, "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if r := <-person.resolved; r.RequestID != req.RequestID || r.Decision != "allow_once" {
		t.Fatalf("resolved %+v", r)
	}
	if b, err := os.ReadFile(filepath.Join(h.ws, "out.txt")); err != nil || string(b) != "hi" {
		t.Fatalf("the allowed edit must be made: %q %v", b, err)
	}
}
