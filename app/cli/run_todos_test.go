package cli

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// With --approve-plan the plan's steps are printed as the todo list, and
// the list is printed again each time the model ticks it off: as
// checklist lines in text, as todos events with --json.
func TestRunShowsThePlansTodoList(t *testing.T) {
	plan := "## Steps\n1. Write b.txt\n2. Say so\n"
	replies := func() []string {
		return []string{planReply("p1", plan), textReply("Plan proposed."),
			toolReply("t1", "todo", `{"items":[{"content":"Write b.txt","status":"completed"},{"content":"Say so","status":"in_progress"}]}`),
			textReply("Wrote b.txt.")}
	}
	run := func(extra ...string) string {
		ws := t.TempDir()
		s := newLLMServer(t, replies()...)
		args := append([]string{"--workspace", ws, "--provider", "openai-compatible", "--model", "m",
			"--base-url", s.srv.URL + "/v1", "--approve", "edits", "--mode", "plan", "--approve-plan"}, extra...)
		code, out, errOut := runCLI(t, context.Background(), nil, append(args, "write b")...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		return out
	}

	out := run()
	steps := "Todo list:\n  [ ] Write b.txt\n  [ ] Say so\n"
	ticked := "  [x] Write b.txt\n  [~] Say so\n"
	if i, j := strings.Index(out, steps), strings.Index(out, ticked); i < 0 || j < i {
		t.Errorf("text output lacks the todo list, then its ticked form:\n%s", out)
	}

	var lists [][]string
	for _, line := range strings.Split(strings.TrimSpace(run("--json")), "\n") {
		var e struct {
			Type  string `json:"type"`
			Items []struct{ Content, Status string }
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		if e.Type == "todos" {
			var l []string
			for _, it := range e.Items {
				l = append(l, it.Status+":"+it.Content)
			}
			lists = append(lists, l)
		}
	}
	want := [][]string{{"pending:Write b.txt", "pending:Say so"}, {"completed:Write b.txt", "in_progress:Say so"}}
	if !reflect.DeepEqual(lists, want) {
		t.Errorf("todos events %v, want %v", lists, want)
	}
}
