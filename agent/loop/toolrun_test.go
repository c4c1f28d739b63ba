package loop

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

// A command that exits non-zero is a failed call with its exit code; its
// output is still the result; the call's time is measured.
func TestExitedCommandFailsWithCodeAndDuration(t *testing.T) {
	shell := &fnTool{name: "shell", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		time.Sleep(30 * time.Millisecond) // the command's run time, which the call measures
		return "exit code: 1 (30ms)\nvet: broken", &tool.ExitError{Code: 1}
	}}
	ok := &fnTool{name: "ok", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		time.Sleep(10 * time.Millisecond) // the tool's run time, which the call measures
		return "fine", nil
	}}
	s := newScript(t,
		reply{calls: []llm.ToolCall{call("c1", "shell", `{"path":"go vet"}`), call("c2", "ok", `{"path":"x"}`)}},
		reply{text: "done"})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{shell, ok}})
	var rec recorder
	if res := a.Run(context.Background(), nil, "go", rec.emit); res.Err != nil {
		t.Fatal(res.Err)
	}
	fin := eventsOf[ToolCallFinished](&rec)
	if len(fin) != 2 {
		t.Fatalf("finished events %+v", fin)
	}
	f := fin[0]
	if f.Status != tool.StatusFailed || f.ExitCode == nil || *f.ExitCode != 1 {
		t.Errorf("shell finished %+v, want failed with exit code 1", f)
	}
	if f.Output != "exit code: 1 (30ms)\nvet: broken" || string(f.Args) != `{"path":"go vet"}` {
		t.Errorf("shell output %q args %s", f.Output, f.Args)
	}
	if f.Duration < 30*time.Millisecond {
		t.Errorf("shell duration %s, want at least 30ms", f.Duration)
	}
	if fin[1].Status != tool.StatusSucceeded || fin[1].ExitCode != nil || fin[1].Duration < 10*time.Millisecond {
		t.Errorf("ok finished %+v", fin[1])
	}
	msgs := s.requests()[1].Messages
	if got := msgs[len(msgs)-2].Content; !strings.HasPrefix(got, "exit code: 1") || strings.Contains(got, "Error:") {
		t.Errorf("the model read %q, want the command's output", got)
	}
}

// The loop guard does not count commands that exit non-zero: a model
// re-running a failing test while it fixes the code is working, not stuck.
func TestRepeatedExitFailureIsNotALoop(t *testing.T) {
	shell := &fnTool{name: "shell", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		return "exit code: 1 (1ms)\nFAIL", &tool.ExitError{Code: 1}
	}}
	c := call("", "shell", `{"path":"go test"}`)
	s := newScript(t, reply{calls: []llm.ToolCall{c}}, reply{calls: []llm.ToolCall{c}}, reply{calls: []llm.ToolCall{c}},
		reply{calls: []llm.ToolCall{c}}, reply{text: "fixed"})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{shell}})
	var rec recorder
	res := a.Run(context.Background(), nil, "go", rec.emit)
	if res.Err != nil || res.Text != "fixed" {
		t.Fatalf("err %v text %q, want the turn to finish", res.Err, res.Text)
	}
}
