package serve

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"

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
			checkStoredClientCall(t, h, id)
		})
	}
}

// A client that sends the whole history (no X-Hearth-Session) with its
// tool results gets a session holding the question, the call answered by
// the client and the answer.
func TestClientToolResultsWithTheWholeHistoryAreStored(t *testing.T) {
	prov := newProvider(t, func(r provRequest) provReply { return provReply{text: "Oslo: " + r.lastTool()} })
	h := startServer(t, prov)
	c := h.client()
	params := userSays("Weather in Oslo?")
	params.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "get_weather"})}
	call := openai.ChatCompletionMessageParamUnion{OfAssistant: &openai.ChatCompletionAssistantMessageParam{
		ToolCalls: []openai.ChatCompletionMessageToolCallUnionParam{{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
			ID: "w1", Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: "get_weather", Arguments: `{"city":"Oslo"}`}}}}}}
	params.Messages = append(params.Messages, call, openai.ToolMessage("sunny", "w1"))
	var resp *http.Response
	got, err := c.Chat.Completions.New(context.Background(), params, option.WithResponseInto(&resp))
	if err != nil {
		t.Fatal(err)
	}
	if got.Choices[0].Message.Content != "Oslo: sunny" {
		t.Fatalf("answer %q", got.Choices[0].Message.Content)
	}
	checkStoredClientCall(t, h, resp.Header.Get(SessionHeader))
}

// checkStoredClientCall reads session id back: the prompt, a step with the
// get_weather call answered "sunny" by the client, and the answer; no
// tool results disguised as a user message. Reopened, the history is the
// same exchange.
func checkStoredClientCall(t *testing.T, h *harness, id string) {
	t.Helper()
	tr, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var shape []string
	var call *session.ToolCall
	for _, m := range tr.Messages {
		shape = append(shape, string(m.Role))
		for i := range m.ToolCalls {
			call = &m.ToolCalls[i]
		}
		if m.Role == session.RoleUser && m.Text != "Weather in Oslo?" {
			t.Errorf("stored user message %q", m.Text)
		}
	}
	if want := "user assistant assistant"; strings.Join(shape, " ") != want {
		t.Errorf("stored %q, want %q", strings.Join(shape, " "), want)
	}
	if call == nil || call.Name != "get_weather" || call.Status != session.ToolOK || call.Output != "sunny" ||
		call.Approval != session.ApprovalClient || call.Args != `{"city":"Oslo"}` {
		t.Fatalf("stored call %+v", call)
	}
	hist, err := record.History(tr)
	if err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, m := range hist {
		roles = append(roles, string(m.Role))
	}
	if want := "user assistant tool assistant"; strings.Join(roles, " ") != want || hist[2].ToolResults[0].Content != "sunny" {
		t.Errorf("reopened history %q, want %q with the client's result", strings.Join(roles, " "), want)
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

// A session left waiting for a client's tool results, reopened as the
// desktop does, takes a new prompt: the calls are answered as not run, so
// the provider gets a valid history.
func TestReopenedSessionWaitingOnClientToolsTakesAPrompt(t *testing.T) {
	prov := newProvider(t, callTool("w1", "get_weather", `{"city":"Oslo"}`), func(r provRequest) provReply {
		return provReply{text: "tool said: " + r.lastTool()}
	})
	h := startServer(t, prov)
	c := h.client()
	params := userSays("Weather in Oslo?")
	params.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "get_weather"})}
	var resp *http.Response
	if _, err := c.Chat.Completions.New(context.Background(), params, option.WithResponseInto(&resp)); err != nil {
		t.Fatal(err)
	}
	tr, err := h.store.Load(context.Background(), resp.Header.Get(SessionHeader))
	if err != nil {
		t.Fatal(err)
	}
	conv, err := h.srv.newConversation()
	if err != nil {
		t.Fatal(err)
	}
	if err := conv.Resume(tr); err != nil {
		t.Fatal(err)
	}
	if p := conv.PendingClientCalls(); len(p) != 1 || p[0].ID != "w1" {
		t.Fatalf("pending after reopening: %+v", p)
	}
	turn, err := conv.Prepare(context.Background(), "never mind, say hi")
	if err != nil {
		t.Fatal(err)
	}
	res, err := turn.Run(context.Background(), nil)
	if err != nil || res.Err != nil {
		t.Fatal(err, res.Err)
	}
	if want := "tool said: The client did not run this call."; res.Text != want {
		t.Errorf("answer %q, want %q", res.Text, want)
	}
}
