package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// hostileText is model text that retitles the window and clears the
// screen, its sequences split over deltas, with a key spelt around one.
func hostileText(key string) []string {
	return []string{"Hi\x1b]0;pw", "ned\x07 there\x1b[", "2J done. ", key[:8] + "\x1b[0m", key[8:]}
}

func hostileReply(key string) string {
	var chunks []string
	for _, d := range hostileText(key) {
		v, _ := json.Marshal(d)
		chunks = append(chunks, `{"choices":[{"index":0,"delta":{"content":`+string(v)+`}}]}`)
	}
	return sse(append(chunks, `{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`)...)
}

// TestRunStripsTerminalControls: `hearth run` writes the model's text and
// the tool rows without a byte a terminal would act on, and a key spelt
// around an escape sequence is still redacted; --json carries the text as
// it came, escaped by JSON.
func TestRunStripsTerminalControls(t *testing.T) {
	const key = "sk-term-0123456789abcdefghij"
	vars := map[string]string{"OPENAI_API_KEY": key}
	call := toolReply("c1", "list_dir", `{"path":"\u001b]0;pwned\u0007\u001b[2J"}`)
	t.Run("readable", func(t *testing.T) {
		s := newLLMServer(t, call, hostileReply(key))
		code, out, errOut := runCLI(t, context.Background(), vars, "--workspace", t.TempDir(), "--provider", "openai",
			"--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "hello")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		for name, got := range map[string]string{"stdout": out, "stderr": errOut} {
			if strings.ContainsAny(got, "\x1b\x07\r") {
				t.Errorf("%s holds terminal controls: %q", name, got)
			}
			if strings.Contains(got, key) {
				t.Errorf("%s holds the key: %q", name, got)
			}
		}
		if !strings.Contains(out, "Hi there done. ") || !strings.Contains(out, "• ") {
			t.Errorf("stdout %q", out)
		}
	})
	t.Run("json", func(t *testing.T) {
		s := newLLMServer(t, call, hostileReply(key))
		code, out, errOut := runCLI(t, context.Background(), vars, "--workspace", t.TempDir(), "--provider", "openai",
			"--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "--json", "hello")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("JSON lines hold raw controls: %q", out)
		}
		var text strings.Builder
		for _, e := range jsonLines(t, out) {
			if e["type"] == "text" {
				text.WriteString(e["text"].(string))
			}
		}
		if want := "Hi\x1b]0;pwned\x07 there\x1b[2J done. "; !strings.HasPrefix(text.String(), want) {
			t.Errorf("JSON text %q, want it to begin %q", text.String(), want)
		}
	})
}
