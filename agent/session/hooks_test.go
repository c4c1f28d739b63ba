package session

import (
	"context"
	"errors"
	"testing"
)

// Hook runs are kept on the message they ran within, at the point of the
// step's text they came after, and a fork keeps them.
func TestHookRunsSurviveLoadAndFork(t *testing.T) {
	s, ctx := openTemp(t), context.Background()
	sess := mustCreate(t, s, "/ws")
	p, err := s.AddPrompt(ctx, sess.ID, Prompt{Text: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddHookRun(ctx, p.ID, HookRun{Event: "UserPromptSubmit", Command: "./ctx.sh", DurationMs: 12, Output: "branch main"}); err != nil {
		t.Fatal(err)
	}
	st, err := s.BeginAssistant(ctx, sess.ID, "openai", "m")
	if err != nil {
		t.Fatal(err)
	}
	st.AppendText("Removing it.")
	if err := st.ToolStarted(ctx, ToolStart{CallID: "c1", Name: "shell", Args: `{"command":"rm x"}`}); err != nil {
		t.Fatal(err)
	}
	blocked := HookRun{Event: "PreToolUse", Command: "./guard.sh", ExitCode: 2, Output: "no rm", Blocked: true, After: "c1"}
	if err := st.HookRan(ctx, blocked); err != nil {
		t.Fatal(err)
	}
	if err := st.Finish(ctx, End{State: StateComplete}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddHookRun(ctx, 1<<40, HookRun{Event: "Stop"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a hook run on no message: %v, want ErrNotFound", err)
	}
	for _, id := range []string{sess.ID, mustFork(t, s, sess.ID, st.MessageID())} {
		tr, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		m := tr.Messages
		if len(m) != 2 || len(m[0].Hooks) != 1 || m[0].Hooks[0].Output != "branch main" || m[0].Hooks[0].DurationMs != 12 {
			t.Fatalf("session %s: the prompt's hooks = %+v", id, m[0].Hooks)
		}
		want := blocked
		want.TextOffset = len("Removing it.")
		if len(m[1].Hooks) != 1 || m[1].Hooks[0] != want {
			t.Fatalf("session %s: the step's hooks = %+v, want %+v", id, m[1].Hooks, want)
		}
	}
}

func mustFork(t *testing.T, s *Store, id string, through int64) string {
	t.Helper()
	f, err := s.Fork(context.Background(), id, through)
	if err != nil {
		t.Fatal(err)
	}
	return f.ID
}
