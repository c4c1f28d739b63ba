// Command prompt prints what the first request of `hearth run "hi!"` costs
// in tokens, part by part: it runs the real command (app/cli, so the real
// conversation, assembly, prompt and tools) against a loopback server
// speaking the provider's wire, records the request body and counts each
// part with o200k_base (pinned: tiktoken-go/tokenizer embeds the vocabulary).
// The model's first answer calls glob, so the turn makes a second request;
// the bench prints how much of it repeats the first unchanged, the prefix
// a provider's prompt cache serves.
//
//	go run ./bench/prompt [-wire openai|anthropic] [-model NAME] [-window N] [-json] [-dump FILE]
//
// -window sets the model's context window through the settings' per-model
// override, as a person with a small local model would, to show the profile
// Hearth picks for it.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/app/cli"
	"github.com/tiktoken-go/tokenizer"
	"github.com/zalando/go-keyring"
)

func main() {
	wire := flag.String("wire", "openai", "the provider's wire: openai or anthropic")
	model := flag.String("model", "", "model name (default gpt-4o, or claude-sonnet-4-5 on the anthropic wire)")
	window := flag.Int("window", 0, "the model's context window, set as a settings override (0: the catalog's)")
	prompt := flag.String("prompt", "hi!", "the message")
	asJSON := flag.Bool("json", false, "print the parts as JSON")
	dump := flag.String("dump", "", "also write the first request's body to this file")
	flag.Parse()
	if err := run(*wire, *model, *window, *prompt, *asJSON, *dump); err != nil {
		fmt.Fprintln(os.Stderr, "bench/prompt:", err)
		os.Exit(1)
	}
}

// part is one counted piece of the request.
type part struct {
	Name   string `json:"name"`
	Tokens int    `json:"tokens"`
}

func run(wire, model string, window int, message string, asJSON bool, dump string) error {
	providerID, keyEnv := "openai", "OPENAI_API_KEY"
	if wire == "anthropic" {
		providerID, keyEnv = "anthropic", "ANTHROPIC_API_KEY"
	}
	if model == "" {
		model = map[string]string{"openai": "gpt-4o", "anthropic": "claude-sonnet-4-5"}[providerID]
	}
	rec := &recorder{wire: wire}
	srv := httptest.NewServer(rec)
	defer srv.Close()

	tmp, err := os.MkdirTemp("", "bench-prompt-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ws, cfg, data := filepath.Join(tmp, "ws"), filepath.Join(tmp, "config"), filepath.Join(tmp, "data")
	for _, d := range []string{ws, cfg, data} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if window > 0 {
		s := fmt.Sprintf(`{"version":1,"models":{%q:{"context":%d}}}`, model, window)
		if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(s), 0o600); err != nil {
			return err
		}
	}
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		case keyEnv:
			return "sk-bench-0000000000"
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	env := &cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenv,
		Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "bench"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	code := cli.Run(ctx, env, []string{"run", "--workspace", ws, "--provider", providerID, "--model", model,
		"--base-url", srv.URL + "/v1", "--json", message})
	if code != 0 {
		return fmt.Errorf("hearth run exited %d: %s", code, stderr.String())
	}
	body, second := rec.nth(0), rec.nth(1)
	if body == nil || second == nil {
		return fmt.Errorf("the turn did not make two requests")
	}
	if dump != "" {
		if err := os.WriteFile(dump, body, 0o644); err != nil {
			return err
		}
	}
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return err
	}
	count := func(s string) int {
		ids, _, _ := enc.Encode(s)
		return len(ids)
	}
	parts, err := split(wire, body, count)
	if err != nil {
		return err
	}
	total := 0
	for _, p := range parts {
		total += p.Tokens
	}
	secondTotal, reused, err := sharedPrefix(wire, body, second, count)
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(os.Stdout).Encode(map[string]any{"wire": wire, "model": model, "window": window,
			"parts": parts, "total": total, "body_tokens": count(string(body)),
			"second_request": map[string]int{"tokens": secondTotal, "unchanged_prefix": reused}})
	}
	fmt.Printf("first request of `hearth run %q` (%s wire, %s", message, wire, model)
	if window > 0 {
		fmt.Printf(", window %d", window)
	}
	known := window
	if known == 0 {
		info, _ := llm.LookupModel(model)
		known = info.Context
	}
	fmt.Printf("; profile %s), o200k_base tokens:\n", prompt.ProfileFor(known))
	tools := 0
	for _, p := range parts {
		fmt.Printf("  %-28s %6d\n", p.Name, p.Tokens)
		if strings.HasPrefix(p.Name, "tool ") {
			tools++
		}
	}
	fmt.Printf("  %-28s %6d  (%d tools)\n", "total", total, tools)
	fmt.Printf("  %-28s %6d  (the JSON body as sent, framing included)\n", "whole body", count(string(body)))
	fmt.Printf("second request of the turn (after a glob call): %d tokens, of which the first %d (%.0f%%) repeat the first request unchanged, the prefix a provider's cache serves\n",
		secondTotal, reused, 100*float64(reused)/float64(max(secondTotal, 1)))
	return nil
}

// sharedPrefix counts the second request's parts (tools, system blocks,
// messages or message blocks, in the order the provider reads them) and
// those of its leading parts that are the first request's, unchanged.
// Anthropic's cache_control marks are left out of the comparison.
func sharedPrefix(wire string, first, second []byte, count func(string) int) (total, reused int, err error) {
	a, err := sequence(wire, first)
	if err != nil {
		return 0, 0, err
	}
	b, err := sequence(wire, second)
	if err != nil {
		return 0, 0, err
	}
	same := true
	for i, p := range b {
		n := count(p)
		total += n
		if same && i < len(a) && a[i] == p {
			reused += n
		} else {
			same = false
		}
	}
	return total, reused, nil
}

func sequence(wire string, body []byte) ([]string, error) {
	var req struct {
		Tools    []map[string]any `json:"tools"`
		System   []map[string]any `json:"system"`
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	var out []string
	add := func(v map[string]any) {
		delete(v, "cache_control")
		b, _ := json.Marshal(v)
		out = append(out, string(b))
	}
	for _, t := range req.Tools {
		add(t)
	}
	for _, s := range req.System {
		add(s)
	}
	for _, m := range req.Messages {
		blocks, ok := m["content"].([]any)
		if wire != "anthropic" || !ok {
			add(m)
			continue
		}
		for _, b := range blocks {
			if bm, ok := b.(map[string]any); ok {
				bm["role"] = m["role"]
				add(bm)
			}
		}
	}
	return out, nil
}

// split counts the system prompt, each tool as it is sent (name,
// description and schema, JSON-encoded) and the user's message.
func split(wire string, body []byte, count func(string) int) ([]part, error) {
	var parts []part
	switch wire {
	case "anthropic":
		var req struct {
			System   []struct{ Text string } `json:"system"`
			Tools    []json.RawMessage       `json:"tools"`
			Messages []struct {
				Content []struct{ Text string } `json:"content"`
			} `json:"messages"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return nil, err
		}
		sys := 0
		for _, b := range req.System {
			sys += count(b.Text)
		}
		parts = append(parts, part{"system", sys})
		for _, t := range req.Tools {
			parts = append(parts, toolPart(t, count))
		}
		msg := 0
		for _, m := range req.Messages {
			for _, c := range m.Content {
				msg += count(c.Text)
			}
		}
		parts = append(parts, part{"message", msg})
	default:
		var req struct {
			Messages []struct {
				Role    string `json:"role"`
				Content any    `json:"content"`
			} `json:"messages"`
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return nil, err
		}
		sys, msg := 0, 0
		for _, m := range req.Messages {
			text, _ := m.Content.(string)
			if m.Role == "system" || m.Role == "developer" {
				sys += count(text)
			} else {
				msg += count(text)
			}
		}
		parts = append(parts, part{"system", sys})
		for _, t := range req.Tools {
			parts = append(parts, toolPart(t, count))
		}
		parts = append(parts, part{"message", msg})
	}
	return parts, nil
}

func toolPart(raw json.RawMessage, count func(string) int) part {
	var named struct {
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	_ = json.Unmarshal(raw, &named)
	name := named.Name
	if name == "" {
		name = named.Function.Name
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		compact.Write(raw)
	}
	return part{"tool " + name, count(compact.String())}
}

// recorder answers the first model request with a glob call and the
// second with text, and keeps the bodies it was sent.
type recorder struct {
	wire   string
	mu     sync.Mutex
	bodies [][]byte
}

func (r *recorder) nth(i int) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.bodies) <= i {
		return nil
	}
	return r.bodies[i]
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodPost || (req.URL.Path != "/v1/chat/completions" && req.URL.Path != "/v1/messages") {
		http.NotFound(w, req) // context-length probes and the like
		return
	}
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.bodies = append(r.bodies, body)
	first := len(r.bodies) == 1
	r.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	// The first answer calls glob, so the turn has a second request.
	switch {
	case r.wire == "anthropic" && first:
		io.WriteString(w, anthropicStart+
			"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"glob\",\"input\":{}}}\n\n"+
			"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"pattern\\\":\\\"*\\\"}\"}}\n\n"+
			anthropicStop("tool_use"))
	case r.wire == "anthropic":
		io.WriteString(w, anthropicStart+
			"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"+
			"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello.\"}}\n\n"+
			anthropicStop("end_turn"))
	case first:
		io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"glob\",\"arguments\":\"{\\\"pattern\\\":\\\"*\\\"}\"}}]}}]}\n\n"+
			"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"+
			"data: [DONE]\n\n")
	default:
		io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello.\"}}]}\n\n"+
			"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"+
			"data: [DONE]\n\n")
	}
}

const anthropicStart = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}\n\n"

func anthropicStop(reason string) string {
	return "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"" + reason + "\"},\"usage\":{\"output_tokens\":2}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
}

// emptyRing is a keychain with nothing in it: the key comes from the
// environment and the real keychain is never touched.
type emptyRing struct{}

func (emptyRing) Get(string, string) (string, error) { return "", keyring.ErrNotFound }
func (emptyRing) Set(string, string, string) error   { return nil }
func (emptyRing) Delete(string, string) error        { return nil }
