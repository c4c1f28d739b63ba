package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"

	"github.com/hearth-agent/hearth/internal/eventually"
)

func TestClientDisconnectStopsLongShellCommand(t *testing.T) {
	prov := newProvider(t, callTool("s1", "shell", `{"command":"sleep 60 & echo $! > sleep.pid; wait"}`), say("never"))
	h := startServer(t, prov)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := h.client()
	stream := c.Chat.Completions.NewStreaming(ctx, userSays("run it"))
	pidFile := filepath.Join(h.ws, "sleep.pid")
	var pid int
	eventually.True(t, "the shell command to start", func() bool {
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return pid != 0
	})
	t.Cleanup(func() {
		if t.Failed() {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	cancel() // the client goes away mid-turn
	stream.Close()
	eventually.True(t, "the sleep's process tree to go after the client left", func() bool {
		return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
	})
}

func TestQueueFullGets429(t *testing.T) {
	hang := func(provRequest) provReply { return provReply{text: "thinking ", hang: true} }
	prov := newProvider(t, hang, hang)
	h := startServer(t, prov, func(c *setup) { c.MaxConcurrent, c.MaxQueue = 1, 1 })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := h.client()
	running := c.Chat.Completions.NewStreaming(ctx, userSays("one"))
	if !running.Next() { // the first turn holds the only slot
		t.Fatalf("first request: %v", running.Err())
	}
	queued := make(chan error, 1)
	go func() {
		_, err := c.Chat.Completions.New(ctx, userSays("two"))
		queued <- err
	}()
	eventually.True(t, "the second request to queue", func() bool { return h.srv.gate.waiting.Load() == 1 })
	var resp *http.Response
	_, err := c.Chat.Completions.New(context.Background(), userSays("three"))
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("want 429, got %v", err)
	}
	resp = apiErr.Response
	if resp.Header.Get("Retry-After") == "" || apiErr.Code != "server_busy" {
		t.Fatalf("429 without Retry-After or code: %v %q", resp.Header, apiErr.Code)
	}
	if n := len(prov.requests()); n != 1 {
		t.Fatalf("only the running turn may reach the provider, got %d requests", n)
	}
	cancel()
	<-queued
}

func TestBadInput(t *testing.T) {
	h := startServer(t, newProvider(t))
	big := append(append([]byte(`{"model":"hearth","messages":[{"role":"user","content":"`), bytes.Repeat([]byte("a"), 25<<20)...), `"}]}`...)
	for _, tc := range []struct {
		name, body, want string
	}{
		{"invalid JSON", `{"model":"hearth","messages":[`, "not valid JSON"},
		{"not an object", `[1,2]`, "must be a JSON object"},
		{"messages wrong type", `{"model":"hearth","messages":"hi"}`, "messages must be an array"},
		{"stream wrong type", `{"model":"hearth","stream":"yes","messages":[{"role":"user","content":"hi"}]}`, "stream must be a bool"},
		{"content wrong type", `{"model":"hearth","messages":[{"role":"user","content":42}]}`, "messages[0].content must be a string or an array of parts"},
		{"empty messages", `{"model":"hearth","messages":[]}`, "messages is empty"},
		{"no model", `{"messages":[{"role":"user","content":"hi"}]}`, "model is required"},
		{"unknown model", `{"model":"gpt-9","messages":[{"role":"user","content":"hi"}]}`, `unknown model "gpt-9"`},
		{"unknown role", `{"model":"hearth","messages":[{"role":"wizard","content":"hi"}]}`, `messages[0].role "wizard" is not one of`},
		{"no user message", `{"model":"hearth","messages":[{"role":"system","content":"be brief"}]}`, "no user message"},
		{"ends with assistant", `{"model":"hearth","messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"yo"}]}`, "last message must be from the user"},
		{"orphan tool result", `{"model":"hearth","messages":[{"role":"user","content":"hi"},{"role":"tool","tool_call_id":"x","content":"r"}]}`, "answers no tool call"},
		{"remote image", `{"model":"hearth","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"https://example.com/a.png"}}]}]}`, "does not fetch remote images"},
		{"broken image", `{"model":"hearth","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]}]}`, "corrupt or truncated"},
		{"image from the assistant", `{"model":"hearth","messages":[{"role":"assistant","content":[{"type":"image_url","image_url":{"url":"data:"}}]},{"role":"user","content":"hi"}]}`, "user messages only"},
		{"bad temperature", `{"model":"hearth","temperature":7,"messages":[{"role":"user","content":"hi"}]}`, "temperature must be between 0 and 2"},
		{"tool named like Hearth's", `{"model":"hearth","tools":[{"type":"function","function":{"name":"read_file"}}],"messages":[{"role":"user","content":"hi"}]}`, "rename it"},
		{"25 MB body", string(big), "larger than 20 MB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, h.url+"/v1/chat/completions", strings.NewReader(tc.body))
			req.Header.Set("Authorization", "Bearer "+testToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			var e errorBody
			_ = json.Unmarshal(body, &e)
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(e.Error.Message, tc.want) ||
				e.Error.Type != "invalid_request_error" {
				t.Fatalf("status %d body %s; want 400 saying %q", resp.StatusCode, body, tc.want)
			}
		})
	}
	if n := len(h.prov.requests()); n != 0 {
		t.Fatalf("bad requests reached the provider %d times", n)
	}
}

func TestIdleConnectionsDoNotStopOthers(t *testing.T) {
	h := startServer(t, newProvider(t, say("still here")), func(c *setup) {
		c.BodyTimeout, c.HeaderTimeout = 2*time.Second, 2*time.Second
	})
	addr := strings.TrimPrefix(h.url, "http://")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	// 1,000 clients announce a body and never send it (half of them never
	// finish their headers either).
	for i := range 1000 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, c)
		head := fmt.Sprintf("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Length: 1000\r\n", testToken)
		if i%2 == 0 {
			head += "\r\n"
		}
		if _, err := io.WriteString(c, head); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	c := h.client()
	got, err := c.Chat.Completions.New(context.Background(), userSays("hello?"))
	if err != nil || got.Choices[0].Message.Content != "still here" {
		t.Fatalf("another client must be served: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("serving another client took %s beside the idle connections", d)
	}
	// The idle ones are cut off once their deadline passes, whether they
	// stalled in their headers or in their body.
	for i, c := range conns[:2] {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		b, err := io.ReadAll(c)
		if err != nil {
			t.Fatalf("idle connection %d was not closed by the server: %v", i, err)
		}
		if i == 0 && !strings.Contains(string(b), "400 Bad Request") {
			t.Fatalf("a body that never comes must end in a 400, got %q", b)
		}
	}
}

func TestProviderErrorsKeepTheirClass(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		header map[string]string
		want   int
		code   string
	}{
		{"rate limit", 429, `{"error":{"message":"slow down","type":"rate_limit_error"}}`, map[string]string{"Retry-After": "7", "x-should-retry": "false"}, 429, "rate_limit_exceeded"},
		{"context length", 400, `{"error":{"message":"This model's maximum context length is 10 tokens","code":"context_length_exceeded"}}`, nil, 400, "context_length_exceeded"},
		{"overloaded", 529, `{"error":{"message":"Overloaded","type":"overloaded_error"}}`, map[string]string{"x-should-retry": "false"}, 503, "overloaded"},
		{"auth", 401, `{"error":{"message":"bad key","type":"invalid_request_error","code":"invalid_api_key"}}`, nil, 502, "auth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reply := func(provRequest) provReply { return provReply{status: tc.status, body: tc.body, header: tc.header} }
			h := startServer(t, newProvider(t, reply, reply, reply, reply, reply, reply))
			c := h.client()
			_, err := c.Chat.Completions.New(context.Background(), userSays("hi"))
			var apiErr *openai.Error
			if !errors.As(err, &apiErr) || apiErr.StatusCode != tc.want || apiErr.Code != tc.code {
				t.Fatalf("want %d %s, got %v", tc.want, tc.code, err)
			}
			if tc.want == 429 && apiErr.Response.Header.Get("Retry-After") != "7" {
				t.Fatalf("the provider's Retry-After must be passed on: %v", apiErr.Response.Header)
			}
		})
	}
}
