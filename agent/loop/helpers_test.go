package loop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/tool"
)

// reply is one scripted model response, served over the real OpenAI wire.
type reply struct {
	text   string
	calls  []llm.ToolCall
	status int    // non-200: an HTTP error with body
	body   string // error body
	header map[string]string
	hang   bool   // stream text, then hold the connection open
	in     int    // prompt tokens reported; 0: estimated from the request size
	finish string // the finish_reason sent, when set ("content_filter")
}

type scriptServer struct {
	t       *testing.T
	mu      sync.Mutex
	replies []reply
	reqs    []sentRequest
	srv     *httptest.Server
}

// sentRequest is the part of a Chat Completions request the tests inspect.
type sentRequest struct {
	Messages []struct {
		Role       string `json:"role"`
		Content    string `json:"content"`
		ToolCallID string `json:"tool_call_id"`
		ToolCalls  []struct {
			ID string `json:"id"`
		} `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Function struct{ Name string } `json:"function"`
	} `json:"tools"`
}

func newScript(t *testing.T, replies ...reply) *scriptServer {
	s := &scriptServer{t: t, replies: replies}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *scriptServer) handle(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var req sentRequest
	if err := json.Unmarshal(b, &req); err != nil {
		s.t.Errorf("bad request JSON: %v", err)
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	if len(s.replies) == 0 {
		s.mu.Unlock()
		http.Error(w, `{"error":{"message":"script exhausted"}}`, 400)
		return
	}
	rp := s.replies[0]
	s.replies = s.replies[1:]
	s.mu.Unlock()
	for k, v := range rp.header {
		w.Header().Set(k, v)
	}
	if rp.status != 0 {
		w.WriteHeader(rp.status)
		io.WriteString(w, rp.body)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\n\n", b)
		w.(http.Flusher).Flush()
	}
	for _, word := range strings.SplitAfter(rp.text, " ") {
		if word != "" {
			send(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": word}}}})
		}
	}
	if rp.hang {
		<-r.Context().Done()
		return
	}
	for i, c := range rp.calls {
		args := string(c.Args)
		if c.RawArgs != "" {
			args = c.RawArgs
		}
		send(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"tool_calls": []any{
			map[string]any{"index": i, "id": c.ID, "type": "function", "function": map[string]any{"name": c.Name, "arguments": args}}}}}}})
	}
	if rp.finish != "" {
		send(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": rp.finish}}})
	}
	in := rp.in
	if in == 0 {
		in = len(b) / 4 // about what a tokenizer would count
	}
	send(map[string]any{"choices": []any{}, "usage": map[string]any{"prompt_tokens": in, "completion_tokens": 10}})
	io.WriteString(w, "data: [DONE]\n\n")
}

func (s *scriptServer) requests() []sentRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sentRequest(nil), s.reqs...)
}

func (s *scriptServer) client() llm.Client {
	return openai.New(openai.Config{BaseURL: s.srv.URL + "/v1"})
}

func call(id, name, args string) llm.ToolCall {
	return llm.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// fnTool is a test tool built from a function.
type fnTool struct {
	name     string
	schema   string
	readOnly bool
	run      func(ctx context.Context, args json.RawMessage) (string, error)
}

func (f *fnTool) Definition() tool.Definition {
	schema := f.schema
	if schema == "" {
		schema = `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`
	}
	return tool.Definition{Name: f.name, Description: "Test tool " + f.name + ".", Parameters: json.RawMessage(schema)}
}

func (f *fnTool) Run(ctx context.Context, args json.RawMessage) (string, error) {
	return f.run(ctx, args)
}
func (f *fnTool) ReadOnly() bool { return f.readOnly }

func echoTool(name string) *fnTool {
	return &fnTool{name: name, readOnly: true, run: func(ctx context.Context, args json.RawMessage) (string, error) {
		var a struct{ Path string }
		json.Unmarshal(args, &a)
		return name + ":" + a.Path, nil
	}}
}

// recorder collects events.
type recorder struct {
	mu     sync.Mutex
	events []Event
}

func (r *recorder) emit(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}

func (r *recorder) text() string {
	var b strings.Builder
	for _, e := range r.all() {
		if d, ok := e.(TextDelta); ok {
			b.WriteString(d.Text)
		}
	}
	return b.String()
}

func eventsOf[T Event](r *recorder) []T {
	var out []T
	for _, e := range r.all() {
		if v, ok := e.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

func newAgent(t testing.TB, cfg Config) *Agent {
	t.Helper()
	if cfg.Model == "" {
		cfg.Model = "test-model"
	}
	if cfg.Retry.Base == 0 {
		cfg.Retry = llm.RetryPolicy{MaxRetries: 2, Base: time.Millisecond, Max: time.Second}
	}
	cfg.Logf = func(string, ...any) {}
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var errBoom = errors.New("boom")
