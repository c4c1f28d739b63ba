package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/zalando/go-keyring"
)

// emptyRing is a keychain with nothing in it, so keys come from the
// environment as on a headless machine.
type emptyRing struct{}

func (emptyRing) Get(s, u string) (string, error) { return "", keyring.ErrNotFound }
func (emptyRing) Set(s, u, p string) error        { return nil }
func (emptyRing) Delete(s, u string) error        { return nil }

// llmServer replays OpenAI-style responses, one per request, and records
// the requests.
type llmServer struct {
	mu      sync.Mutex
	replies []string // full SSE bodies, or "HANG", or "401 <body>"
	bodies  []map[string]any
	auth    []string
	srv     *httptest.Server
}

func newLLMServer(t *testing.T, replies ...string) *llmServer {
	s := &llmServer{replies: replies}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || (r.URL.Path != "/v1/chat/completions" && r.URL.Path != "/v1/messages") {
			http.NotFound(w, r) // context-length probes and the like
			return
		}
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		s.mu.Lock()
		s.bodies = append(s.bodies, body)
		s.auth = append(s.auth, r.Header.Get("Authorization")+r.Header.Get("x-api-key"))
		if len(s.replies) == 0 {
			s.mu.Unlock()
			http.Error(w, `{"error":{"message":"no more replies"}}`, 400)
			return
		}
		rep := s.replies[0]
		s.replies = s.replies[1:]
		s.mu.Unlock()
		if code, body, ok := strings.Cut(rep, " "); ok && len(code) == 3 && code[0] >= '4' {
			var n int
			fmt.Sscan(code, &n)
			w.WriteHeader(n)
			io.WriteString(w, body)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		if rest, ok := strings.CutPrefix(rep, "HANG"); ok {
			io.WriteString(w, rest)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		io.WriteString(w, rep)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func sse(chunks ...string) string {
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString("data: " + c + "\n\n")
	}
	return b.String() + "data: [DONE]\n\n"
}

// anthropicText is an Anthropic Messages stream answering text.
func anthropicText(text string) string {
	t, _ := json.Marshal(text)
	return "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":50,\"output_tokens\":1}}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":" + string(t) + "}}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":3}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
}

func textReply(text string) string {
	t, _ := json.Marshal(text)
	return sse(`{"choices":[{"index":0,"delta":{"content":`+string(t)+`}}]}`,
		`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
		`{"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":7,"prompt_tokens_details":{"cached_tokens":100}}}`)
}

func toolReply(id, name, args string) string {
	a, _ := json.Marshal(args)
	return sse(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":`+string(a)+`}}]}}]}`,
		`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":90,"completion_tokens":12}}`)
}

func runCLI(t *testing.T, ctx context.Context, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	return runCLIWatched(t, ctx, vars, nil, args...)
}

// watchedBuffer is a stdout that shows watch all it holds after each write.
type watchedBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	watch func(out string)
}

func (w *watchedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if w.watch != nil {
		w.watch(w.buf.String())
	}
	return n, err
}

// runCLIWatched is runCLI with watch shown the output as it is written.
func runCLIWatched(t *testing.T, ctx context.Context, vars map[string]string, watch func(out string), args ...string) (int, string, string) {
	t.Helper()
	var errb bytes.Buffer
	out := &watchedBuffer{watch: watch}
	cfg := t.TempDir()
	data := vars["HEARTH_DATA_DIR"]
	if data == "" {
		data = t.TempDir()
	}
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		}
		return vars[k]
	}
	env := &Env{Stdin: strings.NewReader(""), Stdout: out, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "test"}
	code := Run(ctx, env, append([]string{"run"}, args...))
	return code, out.buf.String(), errb.String()
}

func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var events []map[string]any
	for _, ln := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(ln), &m); err != nil {
			t.Fatalf("not a JSON line: %q", ln)
		}
		events = append(events, m)
	}
	return events
}

func types(events []map[string]any) string {
	var ts []string
	for _, e := range events {
		ts = append(ts, e["type"].(string))
	}
	return strings.Join(ts, " ")
}

func TestRunJSONWithToolCall(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("buy milk\n"), 0o644)
	s := newLLMServer(t, toolReply("call_1", "read_file", `{"path":"notes.txt"}`), textReply("It says buy milk."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "--json", "What is in notes.txt?")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	ev := jsonLines(t, out)
	if got := types(ev); got != "tool_call usage tool_result text usage done" && got != "usage tool_call tool_result text usage done" {
		t.Errorf("event types = %s", got)
	}
	for _, e := range ev {
		switch e["type"] {
		case "tool_call":
			if e["id"] != "call_1" || e["name"] != "read_file" || e["args"].(map[string]any)["path"] != "notes.txt" {
				t.Errorf("tool_call %v", e)
			}
		case "tool_result":
			if e["status"] != "succeeded" || !strings.Contains(e["output"].(string), "buy milk") {
				t.Errorf("tool_result %v", e)
			}
		case "done":
			if e["text"] != "It says buy milk." || e["iterations"] != float64(2) {
				t.Errorf("done %v", e)
			}
			if _, ok := e["elapsed_ms"].(float64); !ok {
				t.Errorf("done lacks elapsed_ms: %v", e)
			}
		}
	}
	last := ev[len(ev)-2]
	if last["type"] != "usage" || last["input_tokens"] != float64(120) || last["cached_input_tokens"] != float64(100) || last["output_tokens"] != float64(7) {
		t.Errorf("usage %v", last)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.auth[0] != "Bearer sk-test-key-123456" {
		t.Errorf("auth header %q", s.auth[0])
	}
	msgs := s.bodies[1]["messages"].([]any)
	toolMsg := msgs[len(msgs)-1].(map[string]any)
	if toolMsg["role"] != "tool" || toolMsg["tool_call_id"] != "call_1" || !strings.Contains(toolMsg["content"].(string), "buy milk") {
		t.Errorf("tool result sent %v", toolMsg)
	}
	sys := msgs[0].(map[string]any)["content"].(string)
	tools, _ := json.Marshal(s.bodies[0]["tools"])
	if !strings.Contains(sys, ws) || !strings.Contains(string(tools), `"name":"read_file"`) {
		t.Errorf("the request lacks the workspace (in the system prompt) or the tools")
	}
}

func TestRunHumanOutput(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644)
	s := newLLMServer(t, toolReply("c1", "list_dir", `{"path":"."}`), textReply("One file: a.txt"))
	code, out, errOut := runCLI(t, context.Background(), nil,
		"--workspace", ws, "--provider", "openai-compatible", "--model", "local", "--base-url", s.srv.URL+"/v1", "List files")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if !strings.Contains(out, "• Listed the workspace root · 1 entry\n") || !strings.HasSuffix(out, "One file: a.txt\n") {
		t.Errorf("stdout %q", out)
	}
	if !strings.Contains(errOut, "Cooked for") {
		t.Errorf("stderr %q", errOut)
	}
	if s.auth[0] != "" {
		t.Errorf("a key was sent to a keyless endpoint: %q", s.auth[0])
	}
}

func TestRunAnthropic(t *testing.T) {
	body := anthropicText("Bonjour")
	s := newLLMServer(t, body)
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"ANTHROPIC_API_KEY": "sk-ant-test-999999"},
		"--workspace", t.TempDir(), "--provider", "anthropic", "--model", "claude-sonnet-4-5", "--base-url", s.srv.URL+"/v1", "--json", "Say hi in French")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ev := jsonLines(t, out)
	if ev[len(ev)-1]["text"] != "Bonjour" {
		t.Errorf("events %v", ev)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.auth[0] != "sk-ant-test-999999" {
		t.Errorf("x-api-key %q", s.auth[0])
	}
	if sys := s.bodies[0]["system"].([]any)[0].(map[string]any); sys["cache_control"] == nil {
		t.Error("no cache_control on the system prompt")
	}
}

func TestRunErrorsAreClassifiedAndRedacted(t *testing.T) {
	key := "sk-live-abcdefghijklmnop"
	s := newLLMServer(t, `401 {"error":{"message":"Incorrect API key provided: `+key+`","code":"invalid_api_key"}}`)
	code, out, _ := runCLI(t, context.Background(), map[string]string{"OPENROUTER_API_KEY": key},
		"--workspace", t.TempDir(), "--provider", "openrouter", "--model", "x/y", "--base-url", s.srv.URL+"/v1", "--json", "hi")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if strings.Contains(out, key) {
		t.Error("the key reached the output")
	}
	ev := jsonLines(t, out)
	if ev[0]["type"] != "error" || ev[0]["class"] != "auth" || ev[len(ev)-1]["type"] != "done" {
		t.Errorf("events %v", ev)
	}
}

// A key with no credit is one request and one "quota" error, not four
// retries ending in "wait a moment".
func TestRunQuotaIsOneRequestAndItsOwnKind(t *testing.T) {
	quota := `429 {"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","code":"insufficient_quota"}}`
	s := newLLMServer(t, quota, quota, quota, quota, quota)
	code, out, _ := runCLI(t, context.Background(), nil,
		"--workspace", t.TempDir(), "--provider", "ollama", "--model", "m", "--base-url", s.srv.URL+"/v1", "--json", "hi")
	if code != ExitFailure {
		t.Fatalf("exit %d, want 1", code)
	}
	ev := jsonLines(t, out)
	var errs []map[string]any
	for _, e := range ev {
		if e["type"] == "error" {
			errs = append(errs, e)
		}
		if e["type"] == "retry" {
			t.Errorf("a key without credit was retried: %v", e)
		}
	}
	if len(errs) != 1 || errs[0]["kind"] != "quota" || !strings.Contains(errs[0]["message"].(string), "no credit left") {
		t.Fatalf("error events %v", errs)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bodies) != 1 {
		t.Fatalf("%d requests, want 1", len(s.bodies))
	}
}

func TestRunInterrupted(t *testing.T) {
	s := newLLMServer(t, "HANG"+`data: {"choices":[{"index":0,"delta":{"content":"Working on"}}]}`+"\n\n")
	ctx, cancel := context.WithCancel(context.Background())
	ctrlC := func(out string) { // once the first words are out: a fixed delay raced a loaded machine
		if strings.Contains(out, "Working on") {
			cancel()
		}
	}
	code, out, _ := runCLIWatched(t, ctx, nil, ctrlC, "--workspace", t.TempDir(), "--provider", "ollama", "--model", "llama3.2",
		"--base-url", s.srv.URL+"/v1", "--json", "long task")
	if code != ExitInterrupted {
		t.Fatalf("exit %d, want 130", code)
	}
	ev := jsonLines(t, out)
	if ev[0]["text"] != "Working on" || ev[len(ev)-1]["type"] != "done" || ev[len(ev)-1]["text"] != "Working on" {
		t.Errorf("events %v", ev)
	}
}

func TestRunUsageErrors(t *testing.T) {
	ws := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no prompt", []string{"--provider", "openai", "--model", "m"}, "missing PROMPT"},
		{"unknown provider", []string{"--provider", "nope", "--model", "m", "hi"}, "unknown provider"},
		{"compatible without url", []string{"--provider", "openai-compatible", "--model", "m", "hi"}, "needs --base-url"},
		{"bad approve", []string{"--approve", "sometimes", "--provider", "openai", "--model", "m", "hi"}, "--approve"},
		{"bad workspace", []string{"--workspace", filepath.Join(ws, "missing"), "--provider", "openai", "--model", "m", "hi"}, "not a directory"},
		{"no model", []string{"--provider", "openai-compatible", "--base-url", "http://127.0.0.1:9/v1", "hi"}, "no model"},
		{"bad flag", []string{"--frobnicate", "hi"}, "frobnicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, context.Background(), nil, append([]string{"--workspace", ws}, tt.args...)...)
			if code != ExitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 with %q", code, errOut, tt.want)
			}
		})
	}
	code, out, _ := runCLI(t, context.Background(), nil, "--help")
	if code != 0 || !strings.Contains(out, "--max-iterations") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

func TestRunMissingKey(t *testing.T) {
	code, _, errOut := runCLI(t, context.Background(), nil, "--workspace", t.TempDir(), "--provider", "openai", "--model", "gpt-4o", "hi")
	if code != ExitFailure || !strings.Contains(errOut, "OPENAI_API_KEY") || !strings.Contains(errOut, "hearth keys set openai") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
