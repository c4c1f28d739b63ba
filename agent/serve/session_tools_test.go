package serve

import (
	"context"
	"net/http"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// A session continued with X-Hearth-Session goes on after client tool
// calls, whether the server still holds the conversation or reloads it
// from the store.
func TestClientToolsContinueASession(t *testing.T) {
	for _, reload := range []bool{false, true} {
		t.Run(map[bool]string{false: "held", true: "reloaded"}[reload], func(t *testing.T) {
			prov := newProvider(t,
				callTool("w1", "get_weather", `{"city":"Oslo"}`),
				func(r provRequest) provReply {
					if !r.has("Weather in Oslo?") {
						return provReply{text: "the session's history is missing"}
					}
					return provReply{text: "Oslo: " + r.lastTool()}
				},
			)
			h := startServer(t, prov)
			c := h.client()
			params := userSays("Weather in Oslo?")
			params.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "get_weather"})}
			var resp *http.Response
			first, err := c.Chat.Completions.New(context.Background(), params, option.WithResponseInto(&resp))
			if err != nil {
				t.Fatal(err)
			}
			id := resp.Header.Get(SessionHeader)
			if reload {
				h.srv.live.mu.Lock()
				clear(h.srv.live.byID)
				h.srv.live.mu.Unlock()
			}
			msg := first.Choices[0].Message
			if !reload {
				_, err := c.Chat.Completions.New(context.Background(), userSays("never mind"), option.WithHeader(SessionHeader, id))
				var apiErr *openai.Error
				if !asAPIError(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || apiErr.Code != "tool_results_missing" {
					t.Fatalf("a prompt while tool results are awaited: %v", err)
				}
			}
			params.Messages = []openai.ChatCompletionMessageParamUnion{msg.ToParam(), openai.ToolMessage("sunny", msg.ToolCalls[0].ID)}
			got, err := c.Chat.Completions.New(context.Background(), params, option.WithHeader(SessionHeader, id))
			if err != nil {
				t.Fatal(err)
			}
			if got.Choices[0].Message.Content != "Oslo: sunny" {
				t.Fatalf("continued answer %q", got.Choices[0].Message.Content)
			}
		})
	}
}

func TestSessionAnsweringAnotherRequestIs409(t *testing.T) {
	hang := func(provRequest) provReply { return provReply{text: "busy ", hang: true} }
	h := startServer(t, newProvider(t, say("first"), hang))
	c := h.client()
	var resp *http.Response
	if _, err := c.Chat.Completions.New(context.Background(), userSays("one"), option.WithResponseInto(&resp)); err != nil {
		t.Fatal(err)
	}
	id := resp.Header.Get(SessionHeader)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := c.Chat.Completions.NewStreaming(ctx, userSays("two"), option.WithHeader(SessionHeader, id))
	if !stream.Next() {
		t.Fatal(stream.Err())
	}
	_, err := c.Chat.Completions.New(context.Background(), userSays("three"), option.WithHeader(SessionHeader, id))
	var apiErr *openai.Error
	if !asAPIError(err, &apiErr) || apiErr.StatusCode != http.StatusConflict || apiErr.Code != "session_busy" {
		t.Fatalf("want 409 session_busy, got %v", err)
	}
}
