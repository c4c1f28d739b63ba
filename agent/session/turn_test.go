package session

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestTurnEventsAreStoredInStreamOrder(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws/a")
	user := mustUser(t, s, sess.ID, "List the files\nplease")
	if err := s.SetUndoSnapshot(ctx, user.ID, "snap-1"); err != nil {
		t.Fatal(err)
	}
	turn, err := s.BeginAssistant(ctx, sess.ID, "anthropic", "claude-test")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendReasoning("I should ")
	turn.AppendReasoning("run ls.")
	turn.AppendText("Let me look. ")
	if err := turn.ToolStarted(ctx, ToolStart{CallID: "c1", Name: "ls", Args: `{"path":"."}`}); err != nil {
		t.Fatal(err)
	}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "c1", Status: ToolOK, Approval: ApprovalAuto,
		Output: "a.go\n[truncated]", FullOutput: "a.go\nb.go\n"}); err != nil {
		t.Fatal(err)
	}
	if err := turn.ToolStarted(ctx, ToolStart{CallID: "c2", Name: "rm", Args: `{"path":"a.go"}`}); err != nil {
		t.Fatal(err)
	}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "c2", Status: ToolDenied, Approval: ApprovalDenied,
		Output: "the user denied this"}); err != nil {
		t.Fatal(err)
	}
	turn.AppendText("Done.")
	u := Usage{InputTokens: 100, OutputTokens: 20, CacheReadTokens: 50, ReasoningTokens: 7, CostUSD: 0.0123}
	if err := turn.Finish(ctx, End{State: StateComplete, Usage: u}); err != nil {
		t.Fatal(err)
	}
	if err := turn.Finish(ctx, End{State: StateComplete}); !errors.Is(err, ErrFinished) {
		t.Fatalf("second Finish: got %v, want ErrFinished", err)
	}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "zz", Status: ToolOK}); !errors.Is(err, ErrFinished) {
		t.Fatalf("event after Finish: got %v", err)
	}

	tr := mustLoad(t, s, sess.ID)
	if tr.Session.Title != "List the files" || tr.Session.TitleSource != "auto" {
		t.Fatalf("title = %q (%s)", tr.Session.Title, tr.Session.TitleSource)
	}
	if got := tr.Session.Usage; got != u {
		t.Fatalf("session usage = %+v, want %+v", got, u)
	}
	if len(tr.Messages) != 2 {
		t.Fatalf("want 2 messages, got %d", len(tr.Messages))
	}
	um, am := tr.Messages[0], tr.Messages[1]
	if um.Role != RoleUser || um.Seq != 1 || um.UndoSnapshot != "snap-1" || um.State != StateComplete {
		t.Fatalf("user message = %+v", um)
	}
	if am.Text != "Let me look. Done." || am.Reasoning != "I should run ls." || am.State != StateComplete {
		t.Fatalf("assistant = %q / %q / %s", am.Text, am.Reasoning, am.State)
	}
	if am.Provider != "anthropic" || am.Model != "claude-test" || am.Usage != u {
		t.Fatalf("assistant meta = %s %s %+v", am.Provider, am.Model, am.Usage)
	}
	if am.FirstTokenAt.IsZero() || am.FinishedAt.Before(am.StartedAt) {
		t.Fatalf("timing = %v %v %v", am.StartedAt, am.FirstTokenAt, am.FinishedAt)
	}
	want := []ToolCall{
		{CallID: "c1", TextOffset: 13, Name: "ls", Args: `{"path":"."}`, Status: ToolOK, Approval: ApprovalAuto,
			Output: "a.go\n[truncated]", FullOutput: "a.go\nb.go\n"},
		{CallID: "c2", TextOffset: 13, Name: "rm", Args: `{"path":"a.go"}`, Status: ToolDenied, Approval: ApprovalDenied,
			Output: "the user denied this"},
	}
	if len(am.ToolCalls) != len(want) {
		t.Fatalf("tool calls = %+v", am.ToolCalls)
	}
	for i, c := range am.ToolCalls {
		c.StartedAt, c.FinishedAt = time.Time{}, time.Time{}
		if !reflect.DeepEqual(c, want[i]) {
			t.Errorf("tool call %d = %+v, want %+v", i, c, want[i])
		}
	}
}

// flushClock stands in for time.AfterFunc: the flush timer fires only when
// the test says so.
type flushClock struct {
	mu    sync.Mutex
	d     time.Duration
	f     func()
	armed int
}

func (c *flushClock) afterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.d, c.f = d, f
	c.armed++
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		live := c.f != nil
		c.f = nil
		return live
	}
}

// fire runs the armed timer's function as its expiry would.
func (c *flushClock) fire(t *testing.T) {
	t.Helper()
	c.mu.Lock()
	f := c.f
	c.f = nil
	c.mu.Unlock()
	if f == nil {
		t.Fatal("no flush timer armed")
	}
	f()
}

// Streamed lines reach the database without an event; a line still
// streaming waits for its end (a key in it is redacted only whole).
func TestDeltasAreFlushedWithoutAnEvent(t *testing.T) {
	ctx := context.Background()
	clock := &flushClock{}
	s := openAt(t, filepath.Join(t.TempDir(), FileName), Options{FlushInterval: 20 * time.Millisecond, AfterFunc: clock.afterFunc})
	sess := mustCreate(t, s, "/ws")
	turn, err := s.BeginAssistant(ctx, sess.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText("partial ")
	turn.AppendText("answer\nand the ne")
	turn.AppendReasoning("thinking\nmo")
	if m := mustLoad(t, s, sess.ID).Messages[0]; m.Text != "" || m.Reasoning != "" {
		t.Fatalf("written before the flush interval: %+v", m)
	}
	if clock.armed != 1 || clock.d != 20*time.Millisecond {
		t.Fatalf("%d timers armed for %v, want one for the flush interval", clock.armed, clock.d)
	}
	clock.fire(t)
	if m := mustLoad(t, s, sess.ID).Messages[0]; m.Text != "partial answer\n" || m.Reasoning != "thinking\n" || m.State != StateStreaming {
		t.Fatalf("after the flush interval: %+v", m)
	}
	turn.AppendText("xt") // arms the timer again
	clock.fire(t)
	if m := mustLoad(t, s, sess.ID).Messages[0]; m.Text != "partial answer\n" || m.Reasoning != "thinking\n" {
		t.Fatalf("an unfinished line was flushed: %+v", m)
	}
	if err := turn.Finish(ctx, End{State: StateStopped}); err != nil {
		t.Fatal(err)
	}
	if m := mustLoad(t, s, sess.ID).Messages[0]; m.State != StateStopped || m.Text != "partial answer\nand the next" || m.Reasoning != "thinking\nmo" {
		t.Fatalf("after stop: %+v", m)
	}
}

func TestFinishInterruptsToolCallsStillRunning(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	if err := turn.ToolStarted(ctx, ToolStart{CallID: "c", Name: "bash", Args: "{}"}); err != nil {
		t.Fatal(err)
	}
	if err := turn.Finish(ctx, End{State: StateFailed, Error: "provider returned 500"}); err != nil {
		t.Fatal(err)
	}
	m := mustLoad(t, s, sess.ID).Messages[0]
	if m.State != StateFailed || m.Error != "provider returned 500" || m.ToolCalls[0].Status != ToolInterrupted {
		t.Fatalf("got %+v", m)
	}
}

func TestBadEventsAreRefused(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"unknown call", turn.ToolFinished(ctx, ToolResult{CallID: "nope", Status: ToolOK}), `no tool call "nope"`},
		{"running is not finished", turn.ToolFinished(ctx, ToolResult{CallID: "x", Status: ToolRunning}), "not a finished tool status"},
		{"streaming is not terminal", turn.Finish(ctx, End{State: StateStreaming}), "not a terminal state"},
		{"nameless tool", turn.ToolStarted(ctx, ToolStart{CallID: "x"}), "needs a name"},
	}
	for _, c := range cases {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, c.err, c.want)
		}
	}
	if _, err := s.AddUserMessage(ctx, "missing", "hi"); !errors.Is(err, ErrNotFound) {
		t.Errorf("message to unknown session: %v", err)
	}
	if _, err := s.BeginAssistant(ctx, "missing", "", ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("step in unknown session: %v", err)
	}
	if _, err := s.Create(ctx, NewSession{}); err == nil {
		t.Error("session without workspace accepted")
	}
}

func TestTitleFrom(t *testing.T) {
	long := strings.Repeat("word ", 30)
	cases := []struct{ in, want string }{
		{"Fix the bug", "Fix the bug"},
		{"\n\n  Fix   the\tbug  \nmore lines", "Fix the bug"},
		{"", "Untitled"},
		{"   \n  ", "Untitled"},
		{long, strings.TrimSpace(strings.Repeat("word ", 12)) + "…"},
		{strings.Repeat("é", 80), strings.Repeat("é", 60) + "…"},
	}
	for _, c := range cases {
		if got := TitleFrom(c.in); got != c.want {
			t.Errorf("TitleFrom(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Stopping a turn cancels its context; the stop must still be stored.
func TestEventsAreStoredAfterTheContextIsCancelled(t *testing.T) {
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	ctx, cancel := context.WithCancel(context.Background())
	turn, err := s.BeginAssistant(ctx, sess.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText("half")
	cancel()
	if err := turn.ToolStarted(ctx, ToolStart{CallID: "c", Name: "sleep"}); err != nil {
		t.Fatal(err)
	}
	if err := turn.Finish(ctx, End{State: StateStopped}); err != nil {
		t.Fatalf("Finish after cancel: %v", err)
	}
	m := mustLoad(t, s, sess.ID).Messages[0]
	if m.State != StateStopped || m.Text != "half" || m.ToolCalls[0].Status != ToolInterrupted {
		t.Fatalf("got %+v", m)
	}
}

// A step still writing when its Store closes gets an error, not a crash:
// the prepared statements outlive Close.
func TestWriteAfterCloseIsAnError(t *testing.T) {
	s, ctx := openTemp(t), context.Background()
	sess := mustCreate(t, s, "/ws")
	turn, err := s.BeginAssistant(ctx, sess.ID, "openai", "gpt-test")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText("partial")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := turn.Finish(ctx, End{State: StateComplete}); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("Finish after Close: %v", err)
	}
	if _, err := s.AddUserMessage(ctx, sess.ID, "hello"); err == nil {
		t.Fatal("AddUserMessage after Close succeeded")
	}
}
