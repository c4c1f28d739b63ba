package loop

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Generated for the test; not live keys.
const (
	spillKey    = "sk-proj-Lk2Jh4Gf6Ds8Aq0Wz1Xs3Ed5Cr7Vf9Bt2Gy4Nh6Mu8Ji0Ko2Lp4Mn6Bv8Cx0Za"
	spillCustom = "gw-spill-endpoint-secret-8841"
)

func leaksIn(t *testing.T, where, text string) {
	t.Helper()
	for _, s := range []string{spillKey, spillCustom} {
		for i := 0; i+10 <= len(s); i++ {
			if strings.Contains(text, s[i:i+10]) {
				t.Fatalf("%s holds %q, a piece of a secret:\n%.300s", where, s[i:i+10], text)
			}
		}
	}
}

func TestCompactionWritesNoKeyToDisk(t *testing.T) {
	redact.Register(spillCustom) // as package secrets does for a custom endpoint's key
	secretTool := &fnTool{name: "shell", readOnly: true, run: func(ctx context.Context, args json.RawMessage) (string, error) {
		return "OPENAI_API_KEY=" + spillKey + " GATEWAY=" + spillCustom + "\n" + strings.Repeat("env output ", 400), nil
	}}
	spill := t.TempDir()
	var replies []reply
	for i := 0; i < 5; i++ {
		replies = append(replies, reply{calls: []llm.ToolCall{call("call_"+string(rune('a'+i)), "shell", `{"path":"x"}`)}})
	}
	replies = append(replies, reply{text: "done"})
	s := newScript(t, replies...)
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{secretTool}, Window: 6000, SpillDir: spill})
	res := a.Run(context.Background(), nil, "print the env", func(Event) {})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	files, _ := os.ReadDir(spill)
	if len(files) == 0 {
		t.Fatal("nothing was spilled")
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(spill, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "env output") || !strings.Contains(string(data), "[REDACTED:") {
			t.Errorf("%s: not the redacted output: %.100q", f.Name(), data)
		}
		leaksIn(t, f.Name(), string(data))
	}
	shrunk := res.Messages[2].ToolResults[0].Content
	if !strings.HasPrefix(shrunk, "[shrunk") {
		t.Fatalf("not shrunk: %.100q", shrunk)
	}
	leaksIn(t, "the note", shrunk)
}

func TestCompactionSummaryHoldsNoKey(t *testing.T) {
	var history []llm.Message
	for i := 0; i < 6; i++ {
		history = append(history,
			llm.Message{Role: llm.RoleUser, Text: "step " + string(rune('A'+i))},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("long answer ", 300)})
	}
	s := newScript(t, reply{text: "SUMMARY: the key " + spillKey + " was found."}, reply{text: "continuing"})
	a := newAgent(t, Config{Client: s.client(), Window: 6000})
	res := a.Run(context.Background(), history, "go on", func(Event) {})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	head := res.Messages[0].Text
	if !strings.Contains(head, "SUMMARY: the key [REDACTED:openai-key] was found.") {
		t.Fatalf("summary %.300q", head)
	}
	leaksIn(t, "the summary", head)
}
