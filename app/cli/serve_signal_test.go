package cli

import (
	"context"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// SIGTERM stops hearth serve: the running turn's command is ended, the
// turn is saved as stopped, and the process exits 0.
func TestServeStopsOnSIGTERMAndSavesTheTurn(t *testing.T) {
	ws := t.TempDir()
	s := newLLMServer(t, toolReply("c1", "shell", `{"command":"sleep 30"}`), textReply("never"))
	url, stop, _, env := startServe(t, map[string]string{"HEARTH_API_TOKEN": "t0ken"},
		"--workspace", ws, "--provider", "openai-compatible", "--base-url", s.srv.URL+"/v1", "--model", "m", "--approve", "all")
	c := openai.NewClient(option.WithBaseURL(url+"/v1"), option.WithAPIKey("t0ken"), option.WithMaxRetries(0))
	var resp *http.Response
	stream := c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: "hearth",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Wait a while")}}, option.WithResponseInto(&resp))
	running := false
	for !running && stream.Next() {
		_, running = stream.Current().JSON.ExtraFields["hearth"]
	}
	if !running {
		t.Fatalf("the shell call never started: %v", stream.Err())
	}
	start := time.Now()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for stream.Next() {
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the stream ran on %s after SIGTERM", d)
	}
	if code := stop(); code != ExitOK {
		t.Fatalf("exit %d after SIGTERM, want 0", code)
	}
	var out lockedBuffer
	env.Stdout = &out
	id := resp.Header.Get("X-Hearth-Session")
	if code := Run(context.Background(), env, []string{"sessions", "export", id, "--format", "json"}); code != ExitOK {
		t.Fatalf("sessions export: exit %d", code)
	}
	if got := strings.Join(strings.Fields(out.String()), ""); !strings.Contains(got, `"state":"stopped"`) || !strings.Contains(got, `"status":"interrupted"`) || !strings.Contains(got, "sleep30") {
		t.Fatalf("the turn must be saved as stopped with its command: %s", got)
	}
}
