package assembly

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
)

// cachingProvider is a loopback provider that caches prompts the way the
// real ones document: Anthropic reads a prefix written at an earlier
// request's cache_control breakpoint (looking up to 20 blocks back from
// each of this request's breakpoints); OpenAI reads the longest prefix of
// whole parts (tools, then messages) it has seen. A "token" here is four
// bytes of the parts' JSON. It answers with two tool calls, then text.
type cachingProvider struct {
	t       *testing.T
	mu      sync.Mutex
	written map[[32]byte]bool
	seen    [][]json.RawMessage // OpenAI: the parts of each request
	n       int
}

func (p *cachingProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	w.Header().Set("Content-Type", "text/event-stream")
	switch r.URL.Path {
	case "/v1/messages":
		total, read := p.anthropic(body)
		io.WriteString(w, anthropicReply(p.n, total-read, read))
	case "/v1/chat/completions":
		total, read := p.openai(body)
		io.WriteString(w, openaiReply(p.n, total, read))
	default:
		http.NotFound(w, r)
	}
}

func tokens(parts []json.RawMessage) int {
	n := 0
	for _, b := range parts {
		n += len(b)
	}
	return n / 4
}

func prefixKey(parts []json.RawMessage) [32]byte {
	h := sha256.New()
	for _, b := range parts {
		h.Write(b)
		h.Write([]byte{0})
	}
	return [32]byte(h.Sum(nil))
}

// anthropic returns the request's size and what the cache served of it.
func (p *cachingProvider) anthropic(body []byte) (total, read int) {
	var req struct {
		Tools    []map[string]any `json:"tools"`
		System   []map[string]any `json:"system"`
		Messages []struct {
			Role    string           `json:"role"`
			Content []map[string]any `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		p.t.Errorf("anthropic body: %v", err)
	}
	var parts []json.RawMessage
	var breaks []int
	add := func(b map[string]any) {
		if _, ok := b["cache_control"]; ok {
			breaks = append(breaks, len(parts))
			delete(b, "cache_control")
		}
		j, _ := json.Marshal(b)
		parts = append(parts, j)
	}
	for _, t := range req.Tools {
		add(t)
	}
	for _, s := range req.System {
		add(s)
	}
	for _, m := range req.Messages {
		for _, b := range m.Content {
			b["role"] = m.Role
			add(b)
		}
	}
	if len(breaks) > 4 {
		p.t.Errorf("%d cache breakpoints; Anthropic takes at most 4", len(breaks))
	}
	for _, b := range breaks {
		for j := b; j >= 0 && j > b-20; j-- {
			if p.written[prefixKey(parts[:j+1])] {
				read = max(read, tokens(parts[:j+1]))
				break
			}
		}
	}
	for _, b := range breaks {
		p.written[prefixKey(parts[:b+1])] = true
	}
	return tokens(parts), read
}

// openai returns the request's size and the longest prefix seen before.
func (p *cachingProvider) openai(body []byte) (total, read int) {
	var req struct {
		Tools    []json.RawMessage `json:"tools"`
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		p.t.Errorf("openai body: %v", err)
	}
	parts := append(append([]json.RawMessage{}, req.Tools...), req.Messages...)
	for _, prev := range p.seen {
		n := 0
		for n < len(prev) && n < len(parts) && bytes.Equal(prev[n], parts[n]) {
			n++
		}
		read = max(read, tokens(parts[:n]))
	}
	p.seen = append(p.seen, parts)
	return tokens(parts), read
}

func anthropicReply(n, uncached, read int) string {
	start := fmt.Sprintf(`{"type":"message_start","message":{"usage":{"input_tokens":%d,"cache_read_input_tokens":%d,"output_tokens":1}}}`, uncached, read)
	var content string
	stop := "tool_use"
	switch n {
	case 1:
		content = `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}}}` + "\n\n" +
			"event: content_block_delta\ndata: " + `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a.txt\"}"}}`
	case 2:
		content = `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_2","name":"list_dir","input":{}}}` + "\n\n" +
			"event: content_block_delta\ndata: " + `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}`
	default:
		stop = "end_turn"
		content = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}` + "\n\n" +
			"event: content_block_delta\ndata: " + `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"done"}}`
	}
	return "event: message_start\ndata: " + start + "\n\n" +
		"event: content_block_start\ndata: " + content + "\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"" + stop + "\"},\"usage\":{\"output_tokens\":5}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
}

func openaiReply(n, total, read int) string {
	var delta, finish string
	switch n {
	case 1:
		delta, finish = `{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a.txt\"}"}}]}`, "tool_calls"
	case 2:
		delta, finish = `{"tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"list_dir","arguments":"{}"}}]}`, "tool_calls"
	default:
		delta, finish = `{"content":"done"}`, "stop"
	}
	return "data: {\"choices\":[{\"index\":0,\"delta\":" + delta + "}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + finish + "\"}]}\n\n" +
		fmt.Sprintf("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":%d,\"completion_tokens\":5,\"prompt_tokens_details\":{\"cached_tokens\":%d}}}\n\n", total, read) +
		"data: [DONE]\n\n"
}

// Every request of a turn after the first repeats the one before it, so
// the provider serves that prefix from its cache and the usage event says
// so: the tools, the system prompt and the history stay byte-identical and
// Anthropic gets a breakpoint after the conversation so far.
func TestLaterRequestsOfATurnReadTheCache(t *testing.T) {
	for _, tt := range []struct{ provider, model string }{
		{"anthropic", "claude-sonnet-4-5"},
		{"openai", "gpt-4o"},
	} {
		t.Run(tt.provider, func(t *testing.T) {
			prov := &cachingProvider{t: t, written: map[[32]byte]bool{}}
			srv := httptest.NewServer(prov)
			defer srv.Close()
			ws := t.TempDir()
			if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			keys := func(context.Context, string) (string, error) { return "sk-cache-test-000000", nil }
			b, err := Build(context.Background(), keys, Spec{Settings: settings.Defaults(), ProviderID: tt.provider,
				Model: tt.model, BaseURL: srv.URL + "/v1", Workspace: ws, CacheDir: t.TempDir(),
				Tools: tools.Config{Approve: tools.ApproveAll}})
			if err != nil {
				t.Fatal(err)
			}
			var usage []llm.Usage
			res := b.Agent.Run(context.Background(), nil, "read a.txt", func(e loop.Event) {
				if u, ok := e.(loop.UsageReported); ok {
					usage = append(usage, u.Usage)
				}
			})
			if res.Err != nil || len(usage) != 3 {
				t.Fatalf("turn: err %v, %d usage events", res.Err, len(usage))
			}
			if usage[0].CachedInputTokens != 0 {
				t.Errorf("the first request read %d cached tokens from an empty cache", usage[0].CachedInputTokens)
			}
			for i := 1; i < len(usage); i++ {
				// Each request reads at least all of the one before it: its
				// whole input less the latest exchange.
				if prev := usage[i-1].InputTokens; usage[i].CachedInputTokens < prev {
					t.Errorf("request %d read %d cached tokens, want at least the %d of request %d", i+1, usage[i].CachedInputTokens, prev, i)
				}
			}
			t.Logf("input tokens %d, %d, %d; cached %d, %d, %d", usage[0].InputTokens, usage[1].InputTokens, usage[2].InputTokens,
				usage[0].CachedInputTokens, usage[1].CachedInputTokens, usage[2].CachedInputTokens)
		})
	}
}
