package loop

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestTextProtocol(t *testing.T) {
	s := newScript(t,
		reply{text: "I will read it.\n```json\n{\"tool\": \"read_file\", \"args\": {\"path\": \"a.txt\"}}\n```"},
		reply{text: "Sure! Let me think about it"},
		reply{text: `{"done": true, "response": "The file says read_file:a.txt"}`})
	a := newAgent(t, Config{Client: s.client(), TextProtocol: true, Tools: []tool.Tool{echoTool("read_file")}})
	var rec recorder
	res := a.Run(context.Background(), nil, "what is in a.txt?", rec.emit)
	if res.Err != nil || res.Text != "The file says read_file:a.txt" || res.Iterations != 3 {
		t.Fatalf("result %+v", res)
	}
	if rec.text() != "The file says read_file:a.txt" {
		t.Errorf("shown text %q: protocol JSON must not stream", rec.text())
	}
	reqs := s.requests()
	if len(reqs[0].Tools) != 0 {
		t.Error("native tools sent in text-protocol mode")
	}
	second := reqs[1].Messages
	if last := second[len(second)-1]; last.Role != "user" || !strings.Contains(last.Content, "Result of read_file:\nread_file:a.txt") {
		t.Errorf("tool result not fed back as text: %+v", last)
	}
	third := reqs[2].Messages
	if last := third[len(third)-1]; !strings.Contains(last.Content, "could not be used: no JSON object found") {
		t.Errorf("parse error not fed back: %+v", last)
	}
	if started := eventsOf[ToolCallStarted](&rec); len(started) != 1 || len(started[0].ID) != 9 {
		t.Errorf("tool calls %+v", started)
	}
}

func TestTextProtocolGivesUp(t *testing.T) {
	s := newScript(t, reply{text: "no"}, reply{text: "nope"}, reply{text: "{bad json}"}, reply{text: `{"tool": ""}`}, reply{text: "never"})
	a := newAgent(t, Config{Client: s.client(), TextProtocol: true, Tools: []tool.Tool{echoTool("read_file")}})
	res := a.Run(context.Background(), nil, "go", func(Event) {})
	if ErrorClass(res.Err) != ClassTextProtocol || len(s.requests()) != 4 {
		t.Fatalf("err %v after %d requests", res.Err, len(s.requests()))
	}
}

func TestParseReply(t *testing.T) {
	tests := []struct {
		in, tool, resp string
		ok             bool
	}{
		{`{"tool":"list_dir","args":{"path":"."}}`, "list_dir", "", true},
		{"```\n{\"tool\":\"list_dir\"}\n```", "list_dir", "", true},
		{"```json\n{\"done\":true,\"response\":\"hi\"}\n```", "", "hi", true},
		{`{"done":true}`, "", "", false},
		{`plain words`, "", "", false},
		{`{"args":{}}`, "", "", false},
	}
	for _, tt := range tests {
		r, err := parseReply(tt.in)
		if (err == nil) != tt.ok || r.Tool != tt.tool || (r.Response != nil && *r.Response != tt.resp) {
			t.Errorf("parseReply(%q) = %+v, %v", tt.in, r, err)
		}
	}
}

// bigTool returns a large output so a few calls fill a small window.
func bigTool() *fnTool {
	return &fnTool{name: "read_file", readOnly: true, run: func(ctx context.Context, args json.RawMessage) (string, error) {
		return "FIRST LINE\n" + strings.Repeat("lorem ipsum ", 400), nil // ~4,800 chars ≈ 1,200 tokens
	}}
}

func TestCompactionShrinksOldToolResults(t *testing.T) {
	spill := t.TempDir()
	var replies []reply
	for i := 0; i < 5; i++ {
		replies = append(replies, reply{calls: []llm.ToolCall{call("call_"+string(rune('a'+i)), "read_file", `{"path":"x"}`)}})
	}
	replies = append(replies, reply{text: "done"})
	s := newScript(t, replies...)
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{bigTool()}, Window: 6000, SpillDir: spill})
	var rec recorder
	res := a.Run(context.Background(), nil, "read it all", rec.emit)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	comp := eventsOf[Compacted](&rec)
	if len(comp) == 0 || comp[0].Kind != "tool_results" || comp[0].After >= comp[0].Before {
		t.Fatalf("compaction events %+v", comp)
	}
	// The oldest result is a one-line note pointing at its saved copy.
	first := res.Messages[2].ToolResults[0]
	if !strings.HasPrefix(first.Content, "[shrunk") || !strings.Contains(first.Content, "FIRST LINE") {
		t.Fatalf("old result not shrunk: %q", first.Content)
	}
	saved, err := os.ReadFile(filepath.Join(spill, "call_a.txt"))
	if err != nil || !strings.HasPrefix(string(saved), "FIRST LINE\nlorem") {
		t.Errorf("full output not kept on disk: %v", err)
	}
	// The most recent results are whole.
	last := res.Messages[len(res.Messages)-2]
	if last.Role != llm.RoleTool || strings.HasPrefix(last.ToolResults[0].Content, "[shrunk") {
		t.Errorf("recent result shrunk: %+v", last)
	}
}

func TestCompactionSummarisesKeepingUserWordsVerbatim(t *testing.T) {
	var history []llm.Message
	for i := 0; i < 6; i++ {
		history = append(history,
			llm.Message{Role: llm.RoleUser, Text: "instruction " + string(rune('A'+i)) + ": use tabs"},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("long answer ", 300)})
	}
	s := newScript(t, reply{text: "SUMMARY: we set up tabs."}, reply{text: "continuing"})
	a := newAgent(t, Config{Client: s.client(), Window: 6000})
	var rec recorder
	res := a.Run(context.Background(), history, "now do the rest", rec.emit)
	if res.Err != nil || res.Text != "continuing" {
		t.Fatalf("result %+v", res)
	}
	comp := eventsOf[Compacted](&rec)
	if len(comp) != 1 || comp[0].Kind != "summary" || comp[0].After >= comp[0].Before {
		t.Fatalf("compaction events %+v", comp)
	}
	reqs := s.requests()
	if !strings.Contains(reqs[0].Messages[0].Content, "compacting the history") {
		t.Errorf("first request is not the summary call: %q", reqs[0].Messages[0].Content)
	}
	head := reqs[1].Messages[0].Content // no system prompt in this test
	if !strings.Contains(head, "SUMMARY: we set up tabs.") {
		t.Errorf("summary missing: %q", head)
	}
	for _, m := range history {
		if m.Role == llm.RoleUser && !strings.Contains(head, m.Text) && !containsMsg(reqs[1], m.Text) {
			t.Errorf("user message %q lost", m.Text)
		}
	}
	if !containsMsg(reqs[1], "now do the rest") {
		t.Error("current prompt lost")
	}
}

func containsMsg(r sentRequest, text string) bool {
	for _, m := range r.Messages {
		if strings.Contains(m.Content, text) {
			return true
		}
	}
	return false
}

func TestContextLengthErrorCompactsAndRetriesOnce(t *testing.T) {
	var history []llm.Message
	for i := 0; i < 4; i++ {
		history = append(history,
			llm.Message{Role: llm.RoleUser, Text: "question " + string(rune('A'+i))},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("answer ", 500)})
	}
	ctxErr := reply{status: 400, body: `{"error":{"message":"This model's maximum context length is 2000 tokens. However, your messages resulted in 3600 tokens.","code":"context_length_exceeded"}}`}
	s := newScript(t, ctxErr, reply{text: "short summary"}, reply{text: "answered"})
	a := newAgent(t, Config{Client: s.client()})
	var rec recorder
	res := a.Run(context.Background(), history, "last question", rec.emit)
	if res.Err != nil || res.Text != "answered" {
		t.Fatalf("result %+v", res)
	}
	if len(eventsOf[Compacted](&rec)) == 0 {
		t.Error("no compaction announced")
	}

	// A second context_length error in the same turn fails it.
	s2 := newScript(t, ctxErr, reply{text: "short summary"}, ctxErr)
	a2 := newAgent(t, Config{Client: s2.client()})
	res2 := a2.Run(context.Background(), history, "last question", func(Event) {})
	if llm.ClassOf(res2.Err) != llm.ClassContextLength || len(s2.requests()) != 3 {
		t.Fatalf("err %v after %d requests", res2.Err, len(s2.requests()))
	}
}

func TestFallsBackToTextProtocolWhenToolsRefused(t *testing.T) {
	s := newScript(t,
		reply{status: 400, body: `{"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools"}}`},
		reply{text: `{"tool":"read_file","args":{"path":"a"}}`},
		reply{text: `{"done":true,"response":"read_file:a it is"}`})
	a := newAgent(t, Config{Client: s.client(), System: "NATIVE", TextProtocolSystem: "TEXT PROTOCOL", Tools: []tool.Tool{echoTool("read_file")}})
	res := a.Run(context.Background(), nil, "go", func(Event) {})
	if res.Err != nil || res.Text != "read_file:a it is" {
		t.Fatalf("result %+v", res)
	}
	reqs := s.requests()
	if len(reqs[0].Tools) == 0 || len(reqs[1].Tools) != 0 || reqs[1].Messages[0].Content != "TEXT PROTOCOL" {
		t.Errorf("requests %+v", reqs[1])
	}
}
