package cli

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// lockedBuffer is a stderr read while the command writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs hearth serve in-process and returns its URL once it
// says it listens, with a stop that ends it and returns its exit code.
func startServe(t *testing.T, vars map[string]string, args ...string) (url string, stop func() int, stderr *lockedBuffer, env *Env) {
	t.Helper()
	cfg, data := t.TempDir(), t.TempDir()
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		}
		return vars[k]
	}
	stderr = &lockedBuffer{}
	env = &Env{Stdin: strings.NewReader(""), Stdout: &lockedBuffer{}, Stderr: stderr, Getenv: getenv,
		Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "test"}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel) // ends serve should the wait below fail
	codec := make(chan int, 1)
	go func() { codec <- Run(ctx, env, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)) }()
	listening := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)\n`)
	eventually.NoError(t, "serve to say it listens", func() error {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
			return nil
		}
		select {
		case code := <-codec:
			t.Fatalf("serve exited %d: %s", code, stderr.String())
		default:
		}
		return fmt.Errorf("stderr: %s", stderr.String())
	})
	var once sync.Once
	var code int
	stop = func() int {
		once.Do(func() {
			cancel()
			select {
			case code = <-codec:
			case <-time.After(15 * time.Second):
				t.Fatal("serve did not stop")
			}
		})
		return code
	}
	t.Cleanup(func() { stop() })
	return url, stop, stderr, env
}

func TestServeAnswersTheOfficialClientAndRefusesNoToken(t *testing.T) {
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("buy milk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newLLMServer(t, toolReply("call_1", "read_file", `{"path":"notes.txt"}`), textReply("It says buy milk."))
	url, stop, stderr, env := startServe(t, map[string]string{"HEARTH_API_TOKEN": "t0ken"},
		"--workspace", ws, "--provider", "openai-compatible", "--base-url", s.srv.URL+"/v1", "--model", "m")
	if n := strings.Count(stderr.String(), "listening on"); n != 1 {
		t.Fatalf("want exactly one listening line, got %q", stderr.String())
	}
	c := openai.NewClient(option.WithBaseURL(url+"/v1"), option.WithAPIKey("t0ken"), option.WithMaxRetries(0))
	stream := c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: "hearth",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What is in notes.txt?")}})
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if got := acc.Choices[0].Message.Content; got != "It says buy milk." {
		t.Fatalf("answer %q", got)
	}
	var toolSaw string
	for _, m := range s.bodies[1]["messages"].([]any) {
		if m := m.(map[string]any); m["role"] == "tool" {
			toolSaw, _ = m["content"].(string)
		}
	}
	if !strings.Contains(toolSaw, "buy milk") {
		t.Fatalf("the agent must have read the file in the workspace: %v", s.bodies[1]["messages"])
	}
	anon := openai.NewClient(option.WithBaseURL(url+"/v1"), option.WithAPIKey(""), option.WithMaxRetries(0))
	_, err := anon.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{Model: "hearth",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")}})
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusUnauthorized {
		t.Fatalf("without the token: %v", err)
	}
	if code := stop(); code != ExitOK {
		t.Fatalf("a stopped server exits %d, want 0", code)
	}
	var out lockedBuffer
	env.Stdout = &out
	if code := Run(context.Background(), env, []string{"sessions", "list", "--json"}); code != ExitOK || !strings.Contains(out.String(), "What is in notes.txt?") {
		t.Fatalf("the served request must be a stored session: exit %d, %s", code, out.String())
	}
}

func TestServeFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		vars map[string]string
		code int
		want string
	}{
		{"remote address refused", []string{"--addr", "0.0.0.0:8765", "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:1/v1", "--model", "m"}, nil, ExitUsage, "--allow-remote"},
		{"bad approve", []string{"--approve", "yes"}, nil, ExitUsage, "--approve must be"},
		{"bad max-concurrent", []string{"--max-concurrent", "0"}, nil, ExitUsage, "--max-concurrent"},
		{"compatible needs base url", []string{"--provider", "openai-compatible", "--model", "m"}, nil, ExitUsage, "needs --base-url"},
		{"show token", []string{"--show-token"}, map[string]string{"HEARTH_API_TOKEN": "abc123"}, ExitOK, "abc123\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb lockedBuffer
			getenv := func(k string) string {
				if k == "HEARTH_CONFIG_DIR" {
					return t.TempDir()
				}
				return tc.vars[k]
			}
			env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenv,
				Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "test"}
			code := Run(context.Background(), env, append([]string{"serve"}, tc.args...))
			if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Fatalf("exit %d (want %d), out %q err %q; want %q", code, tc.code, out.String(), errb.String(), tc.want)
			}
		})
	}
}
