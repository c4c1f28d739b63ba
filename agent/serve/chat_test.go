package serve

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// readsNotes is the script of a turn that reads notes.txt and answers with
// what it read.
func readsNotes() []func(provRequest) provReply {
	return []func(provRequest) provReply{
		callTool("c1", "read_file", `{"path":"notes.txt"}`),
		func(r provRequest) provReply {
			return provReply{text: "The notes say: " + strings.TrimSpace(lastLine(r.lastTool()))}
		},
	}
}

// lastLine is the file's text as read_file shows it (numbered lines).
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	l := lines[len(lines)-1]
	if _, after, ok := strings.Cut(l, "\t"); ok {
		return after
	}
	if i := strings.Index(l, "|"); i >= 0 {
		return l[i+1:]
	}
	return l
}

func TestAgentReadsWorkspaceFileNonStreaming(t *testing.T) {
	h := startServer(t, newProvider(t, readsNotes()...))
	if err := os.WriteFile(filepath.Join(h.ws, "notes.txt"), []byte("the kettle is blue\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var resp *http.Response
	c := h.client()
	got, err := c.Chat.Completions.New(context.Background(), userSays("What do my notes say?"), option.WithResponseInto(&resp))
	if err != nil {
		t.Fatal(err)
	}
	if want := "The notes say: the kettle is blue"; got.Choices[0].Message.Content != want {
		t.Fatalf("answer %q, want %q", got.Choices[0].Message.Content, want)
	}
	if got.Choices[0].FinishReason != "stop" || got.Object != "chat.completion" {
		t.Errorf("finish %q object %q", got.Choices[0].FinishReason, got.Object)
	}
	if got.Usage.PromptTokens != 200 || got.Usage.CompletionTokens != 20 {
		t.Errorf("usage must sum both model calls: %+v", got.Usage)
	}
	id := resp.Header.Get(SessionHeader)
	list, err := h.store.List(context.Background(), session.ListOptions{Workspace: h.ws})
	if err != nil || len(list) != 1 || list[0].ID != id {
		t.Fatalf("the request must be stored as session %q: %+v %v", id, list, err)
	}
}

func TestAgentReadsWorkspaceFileStreaming(t *testing.T) {
	h := startServer(t, newProvider(t, readsNotes()...))
	if err := os.WriteFile(filepath.Join(h.ws, "notes.txt"), []byte("the kettle is blue\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := h.client()
	params := userSays("What do my notes say?")
	params.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	stream := c.Chat.Completions.NewStreaming(context.Background(), params)
	var acc openai.ChatCompletionAccumulator
	var activity []string
	for stream.Next() {
		ch := stream.Current()
		acc.AddChunk(ch)
		if raw, ok := ch.JSON.ExtraFields["hearth"]; ok {
			activity = append(activity, raw.Raw())
		}
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if want := "The notes say: the kettle is blue"; acc.Choices[0].Message.Content != want {
		t.Fatalf("answer %q, want %q", acc.Choices[0].Message.Content, want)
	}
	if acc.Usage.TotalTokens != 220 {
		t.Errorf("usage %+v", acc.Usage)
	}
	if len(activity) != 2 || !strings.Contains(activity[0], `"event":"tool_call"`) || !strings.Contains(activity[0], `"name":"read_file"`) ||
		!strings.Contains(activity[1], `"event":"tool_result"`) || !strings.Contains(activity[1], `"status":"succeeded"`) {
		t.Fatalf("tool activity chunks: %v", activity)
	}
}

func TestClientToolsRoundTrip(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		t.Run(map[bool]string{false: "complete", true: "stream"}[streaming], func(t *testing.T) {
			prov := newProvider(t,
				callTool("w1", "get_weather", `{"city":"Oslo"}`),
				func(r provRequest) provReply { return provReply{text: "Oslo: " + r.lastTool()} },
			)
			h := startServer(t, prov)
			c := h.client()
			params := userSays("Weather in Oslo?")
			params.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{
				Name: "get_weather", Parameters: openai.FunctionParameters{"type": "object",
					"properties": map[string]any{"city": map[string]any{"type": "string"}}}})}
			var first openai.ChatCompletion
			if streaming {
				stream := c.Chat.Completions.NewStreaming(context.Background(), params)
				var acc openai.ChatCompletionAccumulator
				for stream.Next() {
					acc.AddChunk(stream.Current())
				}
				if err := stream.Err(); err != nil {
					t.Fatal(err)
				}
				first = acc.ChatCompletion
			} else {
				got, err := c.Chat.Completions.New(context.Background(), params)
				if err != nil {
					t.Fatal(err)
				}
				first = *got
			}
			msg := first.Choices[0].Message
			if first.Choices[0].FinishReason != "tool_calls" || len(msg.ToolCalls) != 1 ||
				msg.ToolCalls[0].Function.Name != "get_weather" || msg.ToolCalls[0].Function.Arguments != `{"city":"Oslo"}` {
				t.Fatalf("want the client's tool call, got %q %+v", first.Choices[0].FinishReason, msg.ToolCalls)
			}
			if tools := prov.requests()[0].Tools; len(tools) < 2 {
				t.Fatalf("the client's tool must be offered beside Hearth's: %+v", tools)
			}
			params.Messages = append(params.Messages, msg.ToParam(), openai.ToolMessage("sunny, 21°C", msg.ToolCalls[0].ID))
			got, err := c.Chat.Completions.New(context.Background(), params)
			if err != nil {
				t.Fatal(err)
			}
			if got.Choices[0].Message.Content != "Oslo: sunny, 21°C" {
				t.Fatalf("continued answer %q", got.Choices[0].Message.Content)
			}
		})
	}
}

func TestAuthFailures(t *testing.T) {
	h := startServer(t, newProvider(t, say("must not run")))
	for name, opts := range map[string][]option.RequestOption{
		"wrong token":   {option.WithAPIKey("nope")},
		"missing token": {option.WithHeaderDel("Authorization")},
	} {
		t.Run(name, func(t *testing.T) {
			c := h.client(opts...)
			_, err := c.Chat.Completions.New(context.Background(), userSays("hi"))
			var apiErr *openai.Error
			if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusUnauthorized || apiErr.Code != "invalid_api_key" {
				t.Fatalf("want a 401 invalid_api_key, got %v", err)
			}
			if _, err := c.Models.List(context.Background()); !errors.As(err, &apiErr) || apiErr.StatusCode != 401 {
				t.Fatalf("models without the token: %v", err)
			}
		})
	}
	if n := len(h.prov.requests()); n != 0 {
		t.Fatalf("nothing may run without the token; the provider got %d requests", n)
	}
	resp, err := http.Get(h.url + "/health")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("health needs no token: %v %v", resp, err)
	}
	resp.Body.Close()
}

func TestModelsListAndRouting(t *testing.T) {
	prov := newProvider(t, say("from the box"))
	h := startServer(t, prov, func(c *setup) {
		c.Settings = func() settings.Settings {
			st := settings.Defaults()
			st.Providers = map[string]settings.ProviderSettings{"openai": {Model: "gpt-4o"}}
			st.Custom = []settings.CustomEndpoint{{Name: "box", BaseURL: prov.srv.URL + "/v1", Model: "qwen"}}
			return st
		}
	})
	c := h.client()
	page, err := c.Models.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range page.Data {
		ids = append(ids, m.ID)
	}
	if strings.Join(ids, ",") != "hearth,hearth/openai-compatible/m,hearth/custom:box/qwen,hearth/openai/gpt-4o" {
		t.Fatalf("models %v", ids)
	}
	params := userSays("hi")
	params.Model = "hearth/custom:box/qwen"
	params.Temperature = openai.Float(0.2)
	params.MaxCompletionTokens = openai.Int(64)
	got, err := c.Chat.Completions.New(context.Background(), params)
	if err != nil || got.Choices[0].Message.Content != "from the box" {
		t.Fatalf("%v %+v", err, got)
	}
	sent := prov.requests()[0]
	if sent.Model != "qwen" || sent.Temperature == nil || *sent.Temperature != 0.2 || sent.MaxTokens+sent.MaxCompl != 64 {
		t.Fatalf("the request's model, temperature and max tokens must reach the provider: %+v", sent)
	}
}

func TestSessionContinuedWithHeader(t *testing.T) {
	prov := newProvider(t, say("Noted: your cat is Miso."), func(r provRequest) provReply {
		if !r.has("my cat is called Miso") || !r.has("Noted: your cat is Miso.") {
			return provReply{text: "I do not know."}
		}
		return provReply{text: "Your cat is Miso."}
	})
	h := startServer(t, prov)
	c := h.client()
	var resp *http.Response
	if _, err := c.Chat.Completions.New(context.Background(), userSays("Remember: my cat is called Miso"), option.WithResponseInto(&resp)); err != nil {
		t.Fatal(err)
	}
	id := resp.Header.Get(SessionHeader)
	if id == "" {
		t.Fatal("no session header")
	}
	// Only the new message is sent: the history comes from the session.
	got, err := c.Chat.Completions.New(context.Background(), userSays("What is my cat called?"),
		option.WithHeader(SessionHeader, id), option.WithResponseInto(&resp))
	if err != nil {
		t.Fatal(err)
	}
	if got.Choices[0].Message.Content != "Your cat is Miso." || resp.Header.Get(SessionHeader) != id {
		t.Fatalf("answer %q in session %q", got.Choices[0].Message.Content, resp.Header.Get(SessionHeader))
	}
	tr, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var users int
	for _, m := range tr.Messages {
		if m.Role == session.RoleUser {
			users++
		}
	}
	if users != 2 {
		t.Fatalf("both turns must be stored in the one session, got %d prompts", users)
	}
	// A session that does not exist is a clear 404.
	_, err = c.Chat.Completions.New(context.Background(), userSays("hi"), option.WithHeader(SessionHeader, "nope"))
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown session: %v", err)
	}
}
