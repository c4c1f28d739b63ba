package serve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The model's thinking reaches the client as reasoning_content, apart
// from the answer, streamed or not.
func TestReasoningIsPassedApartFromTheAnswer(t *testing.T) {
	const thought, answer = "the user wants a greeting, so I greet", "Hello there"
	think := func(provRequest) provReply { return provReply{think: thought, text: answer} }
	t.Run("stream", func(t *testing.T) {
		h := startServer(t, newProvider(t, think))
		c := h.client()
		stream := c.Chat.Completions.NewStreaming(context.Background(), userSays("hi"))
		var content, reasoning strings.Builder
		var order []string
		for stream.Next() {
			ch := stream.Current()
			if len(ch.Choices) == 0 {
				continue
			}
			d := ch.Choices[0].Delta
			if f, ok := d.JSON.ExtraFields["reasoning_content"]; ok {
				var s string
				if err := json.Unmarshal([]byte(f.Raw()), &s); err != nil {
					t.Fatalf("reasoning_content %s: %v", f.Raw(), err)
				}
				reasoning.WriteString(s)
				order = append(order, "reasoning")
			}
			if d.Content != "" {
				content.WriteString(d.Content)
				order = append(order, "content")
			}
		}
		if err := stream.Err(); err != nil {
			t.Fatal(err)
		}
		if reasoning.String() != thought || content.String() != answer {
			t.Errorf("reasoning %q content %q", reasoning.String(), content.String())
		}
		if len(order) == 0 || order[0] != "reasoning" || order[len(order)-1] != "content" {
			t.Errorf("order %v: the thinking comes before the answer", order)
		}
	})
	t.Run("whole", func(t *testing.T) {
		h := startServer(t, newProvider(t, think))
		c := h.client()
		got, err := c.Chat.Completions.New(context.Background(), userSays("hi"))
		if err != nil {
			t.Fatal(err)
		}
		msg := got.Choices[0].Message
		var r string
		_ = json.Unmarshal([]byte(msg.JSON.ExtraFields["reasoning_content"].Raw()), &r)
		if msg.Content != answer || r != thought {
			t.Errorf("content %q reasoning %q", msg.Content, r)
		}
	})
}
