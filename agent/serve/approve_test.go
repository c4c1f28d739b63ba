package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
			h := startServer(t, prov, func(c *Config) { c.Approve = tc.mode })
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
