package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

const testToken = "test-token-5c1e"

// provRequest is the part of a request to the scripted provider the tests
// read.
type provRequest struct {
	Model       string   `json:"model"`
	Temperature *float64 `json:"temperature"`
	MaxTokens   int      `json:"max_tokens"`
	MaxCompl    int      `json:"max_completion_tokens"`
	Messages    []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Function struct{ Name string } `json:"function"`
	} `json:"tools"`
	ToolChoice json.RawMessage `json:"tool_choice"`
}

// lastTool is the content of the request's last tool message.
func (r provRequest) lastTool() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "tool" {
			var s string
			_ = json.Unmarshal(r.Messages[i].Content, &s)
			return s
		}
	}
	return ""
}

func (r provRequest) has(text string) bool {
	for _, m := range r.Messages {
		if strings.Contains(string(m.Content), text) {
			return true
		}
	}
	return false
}

type provCall struct{ id, name, args string }

// provReply is one scripted model response.
type provReply struct {
	text   string
	think  string // streamed as reasoning_content before the text
	calls  []provCall
	hang   bool // send text, then hold the stream open until the client leaves
	status int
	body   string
	header map[string]string
}

// scripted is a loopback OpenAI Chat Completions server answering each
// request with the next scripted step, over the real SSE wire format.
type scripted struct {
	mu    sync.Mutex
	steps []func(provRequest) provReply
	reqs  []provRequest
	srv   *httptest.Server
}

func newProvider(t testing.TB, steps ...func(provRequest) provReply) *scripted {
	p := &scripted{steps: steps}
	p.srv = httptest.NewServer(p)
	t.Cleanup(p.srv.Close)
	return p
}

func say(text string) func(provRequest) provReply {
	return func(provRequest) provReply { return provReply{text: text} }
}

func callTool(id, name, args string) func(provRequest) provReply {
	return func(provRequest) provReply { return provReply{calls: []provCall{{id, name, args}}} }
}

func (p *scripted) requests() []provRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]provRequest(nil), p.reqs...)
}

func (p *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r) // context-length probes
		return
	}
	b, _ := io.ReadAll(r.Body)
	var req provRequest
	_ = json.Unmarshal(b, &req)
	p.mu.Lock()
	p.reqs = append(p.reqs, req)
	if len(p.steps) == 0 {
		p.mu.Unlock()
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusBadRequest)
		return
	}
	step := p.steps[0]
	p.steps = p.steps[1:]
	p.mu.Unlock()
	rp := step(req)
	for k, v := range rp.header {
		w.Header().Set(k, v)
	}
	if rp.status != 0 {
		w.WriteHeader(rp.status)
		io.WriteString(w, rp.body)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(v string) {
		fmt.Fprintf(w, "data: %s\n\n", v)
		w.(http.Flusher).Flush()
	}
	for _, word := range strings.SplitAfter(rp.think, " ") {
		if word != "" {
			q, _ := json.Marshal(word)
			send(`{"choices":[{"index":0,"delta":{"reasoning_content":` + string(q) + `}}]}`)
		}
	}
	for _, word := range strings.SplitAfter(rp.text, " ") {
		if word != "" {
			q, _ := json.Marshal(word)
			send(`{"choices":[{"index":0,"delta":{"content":` + string(q) + `}}]}`)
		}
	}
	if rp.hang {
		<-r.Context().Done()
		return
	}
	for i, c := range rp.calls {
		a, _ := json.Marshal(c.args)
		send(fmt.Sprintf(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":%d,"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}]}}]}`,
			i, c.id, c.name, a))
	}
	reason := "stop"
	if len(rp.calls) > 0 {
		reason = "tool_calls"
	}
	send(`{"choices":[{"index":0,"delta":{},"finish_reason":"` + reason + `"}]}`)
	send(`{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":10}}`)
	send("[DONE]")
}

// harness is a running server over a workspace, driving a provider.
type harness struct {
	url, ws string
	prov    *scripted
	srv     *Server
	store   *session.Store
	stop    context.CancelFunc
	done    chan error
}

// setup is a server's configuration and the project options it is
// opened with.
type setup struct {
	Config
	Approve  tools.ApproveMode
	Settings func() settings.Settings
}

type option_ func(*setup)

func startServer(t testing.TB, prov *scripted, opts ...option_) *harness {
	t.Helper()
	ws := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	store, err := session.Open(context.Background(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	su := setup{Config: Config{
		Sessions: func() *session.Store { return store },
		Agent:    conversation.AgentChoice{ProviderID: "openai-compatible", BaseURL: prov.srv.URL + "/v1", Model: "m"},
		Token:    testToken,
		Version:  "test",
	}, Approve: tools.ApproveAll, Settings: settings.Defaults}
	for _, o := range opts {
		o(&su)
	}
	cfg := su.Config
	cfg.Settings = su.Settings
	p, err := project.Open(context.Background(), ws, project.Stores{
		Settings: su.Settings,
		Keys:     func(context.Context, string) (string, error) { return "", nil },
		Sessions: cfg.Sessions,
	}, project.Options{Agent: cfg.Agent, Approve: su.Approve, Headless: cfg.Approvals == nil})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	cfg.Project = p
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	h := &harness{url: "http://" + ln.Addr().String(), ws: ws, prov: prov, srv: srv, store: store, stop: stop, done: make(chan error, 1)}
	go func() { h.done <- srv.Serve(ctx, ln, nil) }()
	t.Cleanup(func() {
		stop()
		select {
		case <-h.done:
		case <-time.After(15 * time.Second):
			t.Error("the server did not stop")
		}
	})
	return h
}

// client is the official OpenAI Go SDK pointed at the server.
func (h *harness) client(opts ...option.RequestOption) openai.Client {
	return openai.NewClient(append([]option.RequestOption{option.WithBaseURL(h.url + "/v1"), option.WithAPIKey(testToken),
		option.WithMaxRetries(0), option.WithRequestTimeout(30 * time.Second)}, opts...)...)
}

func userSays(text string) openai.ChatCompletionNewParams {
	return openai.ChatCompletionNewParams{Model: "hearth", Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)}}
}

func asAPIError(err error, target **openai.Error) bool { return errors.As(err, target) }
