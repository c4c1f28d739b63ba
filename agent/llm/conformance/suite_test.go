package conformance

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/anthropic"
	"github.com/hearth-agent/hearth/agent/llm/openai"
)

// transcript is one recorded exchange: what the server answers and what the
// adapter must make of it.
type transcript struct {
	flavour string // OpenAI, Anthropic, OpenRouter, Ollama, llama.cpp, LM Studio, vLLM
	name    string
	wire    string // "openai" or "anthropic"
	status  int
	header  map[string]string
	body    string

	text, reasoning string
	calls           []wantCall
	signatures      []string
	usage           *llm.Usage
	errClass        llm.Class
	retryAfter      time.Duration
	limit, prompt   int
}

type wantCall struct {
	id   string // "" means: synthesized, 9 alphanumerics
	name string
	args string
}

type recorded struct {
	mu     sync.Mutex
	path   string
	header http.Header
	body   map[string]any
}

func serve(t *testing.T, tr transcript) (*httptest.Server, *recorded) {
	t.Helper()
	rec := &recorded{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.path, rec.header = r.URL.Path, r.Header.Clone()
		if err := json.Unmarshal(b, &rec.body); err != nil {
			t.Errorf("client sent invalid JSON: %v", err)
		}
		rec.mu.Unlock()
		for k, v := range tr.header {
			w.Header().Set(k, v)
		}
		if tr.status != 0 && tr.status != 200 {
			w.WriteHeader(tr.status)
			io.WriteString(w, tr.body)
			return
		}
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "text/event-stream")
		}
		// Write in small pieces with flushes, as a real server streams.
		fl, _ := w.(http.Flusher)
		for len(tr.body) > 0 {
			n := min(37, len(tr.body))
			io.WriteString(w, tr.body[:n])
			tr.body = tr.body[n:]
			if fl != nil {
				fl.Flush()
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv, rec
}

func client(wire, url string) llm.Client {
	if wire == "anthropic" {
		return anthropic.New(anthropic.Config{BaseURL: url + "/v1", APIKey: "sk-test"})
	}
	return openai.New(openai.Config{BaseURL: url + "/v1", APIKey: "sk-test"})
}

// history exercises every part of the request encoding: a signed thinking
// block, a tool call and its result, and a follow-up question.
func history() *llm.Request {
	return &llm.Request{
		Model:  "test-model",
		System: "You are Hearth.",
		Cache:  true,
		Tools: []llm.ToolDef{
			{Name: "list_dir", Description: "List a directory.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)},
			{Name: "read_file", Description: "Read a file.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		},
		Messages: []llm.Message{
			{Role: llm.RoleUser, Text: "What is in notes.txt?"},
			{Role: llm.RoleAssistant, Text: "Let me look.",
				Reasoning: []llm.Reasoning{{Text: "I should read it.", Signature: "sig-abc=="}},
				ToolCalls: []llm.ToolCall{{ID: "call_1", Name: "read_file", Args: json.RawMessage(`{"path":"notes.txt"}`)}}},
			{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "call_1", Name: "read_file", Content: "buy milk"}}},
			{Role: llm.RoleUser, Text: "And summarise it."},
		},
	}
}

var synthID = regexp.MustCompile(`^[A-Za-z0-9]{9}$`)

func TestConformance(t *testing.T) {
	for _, tr := range transcripts() {
		t.Run(tr.flavour+"/"+tr.name, func(t *testing.T) {
			srv, rec := serve(t, tr)
			var deltaText, deltaReasoning strings.Builder
			resp, err := client(tr.wire, srv.URL).Stream(context.Background(), history(), func(d llm.Delta) {
				if d.Kind == llm.DeltaText {
					deltaText.WriteString(d.Text)
				} else {
					deltaReasoning.WriteString(d.Text)
				}
			})
			checkResponse(t, tr, resp, err)
			if got := deltaText.String(); got != tr.text {
				t.Errorf("streamed text = %q, want %q", got, tr.text)
			}
			if got := deltaReasoning.String(); got != tr.reasoning {
				t.Errorf("streamed reasoning = %q, want %q", got, tr.reasoning)
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			checkSent(t, tr.wire, rec)
		})
	}
}

func checkResponse(t *testing.T, tr transcript, resp *llm.Response, err error) {
	t.Helper()
	if resp == nil {
		t.Fatal("nil response")
	}
	if tr.errClass != "" {
		var e *llm.Error
		if err == nil || !asErr(err, &e) || e.Class != tr.errClass {
			t.Fatalf("err = %v, want class %s", err, tr.errClass)
		}
		if e.RetryAfter != tr.retryAfter {
			t.Errorf("retry after = %v, want %v", e.RetryAfter, tr.retryAfter)
		}
		if e.Limit != tr.limit || e.PromptTokens != tr.prompt {
			t.Errorf("limit/prompt = %d/%d, want %d/%d", e.Limit, e.PromptTokens, tr.limit, tr.prompt)
		}
		if len(resp.Message.ToolCalls) != 0 {
			t.Errorf("a failed response kept tool calls: %+v", resp.Message.ToolCalls)
		}
	} else if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if resp.Message.Text != tr.text {
		t.Errorf("text = %q, want %q", resp.Message.Text, tr.text)
	}
	var reasoning strings.Builder
	var sigs []string
	for _, r := range resp.Message.Reasoning {
		reasoning.WriteString(r.Text)
		if r.Signature != "" {
			sigs = append(sigs, r.Signature)
		}
	}
	if reasoning.String() != tr.reasoning {
		t.Errorf("reasoning = %q, want %q", reasoning.String(), tr.reasoning)
	}
	if strings.Join(sigs, ",") != strings.Join(tr.signatures, ",") {
		t.Errorf("signatures = %q, want %q", sigs, tr.signatures)
	}
	if tr.errClass == "" {
		checkCalls(t, resp.Message.ToolCalls, tr.calls)
	}
	if tr.usage != nil {
		got := resp.Usage
		got.Cost, tr.usage.Cost = nil, nilIfZero(tr.usage.Cost, resp.Usage.Cost, t)
		if got != *tr.usage {
			t.Errorf("usage = %+v, want %+v", got, *tr.usage)
		}
	}
}

// nilIfZero compares the costs and returns nil so the structs compare.
func nilIfZero(want, got *float64, t *testing.T) *float64 {
	t.Helper()
	switch {
	case want == nil && got != nil:
		t.Errorf("cost = %v, want none", *got)
	case want != nil && (got == nil || *got != *want):
		t.Errorf("cost = %v, want %v", got, *want)
	}
	return nil
}

func checkCalls(t *testing.T, got []llm.ToolCall, want []wantCall) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d calls %+v, want %d", len(got), got, len(want))
	}
	seen := map[string]bool{}
	for i, w := range want {
		g := got[i]
		if seen[g.ID] {
			t.Errorf("call %d: duplicate id %q", i, g.ID)
		}
		seen[g.ID] = true
		if w.id == "" && !synthID.MatchString(g.ID) {
			t.Errorf("call %d: synthesized id %q is not 9 alphanumerics", i, g.ID)
		} else if w.id != "" && g.ID != w.id {
			t.Errorf("call %d: id = %q, want %q", i, g.ID, w.id)
		}
		if g.Name != w.name {
			t.Errorf("call %d: name = %q, want %q", i, g.Name, w.name)
		}
		if !jsonEqual(g.Args, w.args) {
			t.Errorf("call %d: args = %s, want %s", i, g.Args, w.args)
		}
	}
}

func jsonEqual(a json.RawMessage, b string) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return string(xb) == string(yb)
}

func asErr(err error, e **llm.Error) bool {
	le, ok := err.(*llm.Error)
	if ok {
		*e = le
	}
	return ok
}
