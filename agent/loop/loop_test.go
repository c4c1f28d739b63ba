package loop

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/internal/eventually"
)

func TestTextAnswer(t *testing.T) {
	s := newScript(t, reply{text: "Hello there friend", in: 1000})
	a := newAgent(t, Config{Client: s.client(), Pricing: llm.ModelInfo{Input: 1, Output: 10}})
	var rec recorder
	res := a.Run(context.Background(), nil, "hi", rec.emit)
	if res.Err != nil || res.Text != "Hello there friend" || res.Iterations != 1 || res.Stopped {
		t.Fatalf("result %+v", res)
	}
	if rec.text() != "Hello there friend" {
		t.Errorf("streamed %q", rec.text())
	}
	done := eventsOf[TurnDone](&rec)
	if len(done) != 1 || rec.all()[len(rec.all())-1] != Event(done[0]) {
		t.Fatal("TurnDone is not the single last event")
	}
	// 1000 in at $1/M + 10 out at $10/M.
	if !done[0].CostKnown || done[0].Cost != (1000*1+10*10)/1e6 || done[0].Usage.InputTokens != 1000 {
		t.Errorf("done %+v", done[0])
	}
	if len(res.Messages) != 2 || res.Messages[1].Role != llm.RoleAssistant {
		t.Errorf("history %+v", res.Messages)
	}
}

func TestConcurrentToolsResultsInCallOrder(t *testing.T) {
	// Both calls must be running at once to pass the barrier; run one
	// after the other, they would time out.
	var barrier sync.WaitGroup
	barrier.Add(2)
	slow := func(name string, delay time.Duration) *fnTool {
		return &fnTool{name: name, readOnly: true, run: func(ctx context.Context, args json.RawMessage) (string, error) {
			barrier.Done()
			ch := make(chan struct{})
			go func() { barrier.Wait(); close(ch) }()
			select {
			case <-ch:
			case <-time.After(2 * time.Second):
				return "", errBoom
			}
			time.Sleep(delay) // the tool's own work, so the two finish in a chosen order
			return name + " done", nil
		}}
	}
	s := newScript(t,
		reply{calls: []llm.ToolCall{call("c1", "slow_a", `{"path":"a"}`), call("c2", "slow_b", `{"path":"b"}`)}},
		reply{text: "Both done"})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{slow("slow_a", 30*time.Millisecond), slow("slow_b", 0)}})
	var rec recorder
	res := a.Run(context.Background(), nil, "go", rec.emit)
	if res.Err != nil || res.Text != "Both done" {
		t.Fatalf("result %+v", res)
	}
	reqs := s.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	msgs := reqs[1].Messages
	n := len(msgs)
	if msgs[n-2].ToolCallID != "c1" || msgs[n-2].Content != "slow_a done" || msgs[n-1].ToolCallID != "c2" || msgs[n-1].Content != "slow_b done" {
		t.Errorf("tool results out of order: %+v", msgs[n-2:])
	}
	if names := reqs[0].Tools; len(names) != 2 || names[0].Function.Name != "slow_a" {
		t.Errorf("tools sent %+v", names)
	}
	started := eventsOf[ToolCallStarted](&rec)
	finished := eventsOf[ToolCallFinished](&rec)
	if len(started) != 2 || len(finished) != 2 || finished[0].Status != tool.StatusSucceeded {
		t.Errorf("events started %+v finished %+v", started, finished)
	}
}

func TestBadCallsBecomeErrorResults(t *testing.T) {
	ran := false
	strict := &fnTool{name: "read_file", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		ran = true
		return "", nil
	}}
	crash := &fnTool{name: "crash", run: func(ctx context.Context, args json.RawMessage) (string, error) { panic("nil map") }}
	bad := call("c3", "read_file", `{}`)
	bad.RawArgs = `{"path": "x"`
	s := newScript(t,
		reply{calls: []llm.ToolCall{
			call("c1", "read_file", `{"path": 7}`),
			call("c2", "no_such_tool", `{}`),
			bad,
			call("c4", "crash", `{"path":"p"}`),
		}},
		reply{text: "ok"})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{strict, crash}})
	var rec recorder
	res := a.Run(context.Background(), nil, "go", rec.emit)
	if res.Err != nil || res.Text != "ok" {
		t.Fatalf("result %+v", res)
	}
	if ran {
		t.Error("a call with invalid arguments ran")
	}
	fin := eventsOf[ToolCallFinished](&rec)
	wants := []string{"invalid arguments for read_file", `no tool named "no_such_tool"`, "not valid JSON", "crash tool crashed: nil map"}
	for i, w := range wants {
		if fin[i].Status != tool.StatusFailed || !strings.Contains(fin[i].Output, w) {
			t.Errorf("call %d: %s %q, want failed with %q", i, fin[i].Status, fin[i].Output, w)
		}
	}
	// The model sees the errors as results, mapped to its ids.
	msgs := s.requests()[1].Messages
	if msgs[len(msgs)-4].ToolCallID != "c1" || !strings.Contains(msgs[len(msgs)-4].Content, "invalid arguments") {
		t.Errorf("results sent %+v", msgs[len(msgs)-4:])
	}
}

func TestSameFailingCallStopsTurn(t *testing.T) {
	failing := &fnTool{name: "read_file", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		return "", errBoom
	}}
	c := call("", "read_file", `{"path":"missing"}`)
	c2 := call("", "read_file", `{ "path" : "missing" }`) // same call, other spacing
	s := newScript(t, reply{calls: []llm.ToolCall{c}}, reply{calls: []llm.ToolCall{c2}}, reply{calls: []llm.ToolCall{c}}, reply{text: "never"})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{failing}})
	var rec recorder
	res := a.Run(context.Background(), nil, "go", rec.emit)
	if llm.ClassOf(res.Err) != "" {
		var te *TurnErr
		if e, ok := res.Err.(*TurnErr); ok {
			te = e
		}
		if te == nil || te.Class != ClassToolLoop {
			t.Fatalf("err = %v, want tool_loop", res.Err)
		}
	}
	if res.Iterations != 3 || len(s.requests()) != 3 {
		t.Errorf("iterations %d, requests %d", res.Iterations, len(s.requests()))
	}
	errs := eventsOf[TurnError](&rec)
	if len(errs) != 1 || errs[0].Class != ClassToolLoop || !strings.Contains(errs[0].Message, "boom") {
		t.Errorf("error events %+v", errs)
	}
}

func TestMaxIterations(t *testing.T) {
	var replies []reply
	for i := 0; i < 5; i++ {
		replies = append(replies, reply{text: "step ", calls: []llm.ToolCall{call("", "read_file", `{"path":"f`+string(rune('a'+i))+`"}`)}})
	}
	s := newScript(t, replies...)
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{echoTool("read_file")}, MaxIterations: 3})
	var rec recorder
	res := a.Run(context.Background(), nil, "loop", rec.emit)
	te, ok := res.Err.(*TurnErr)
	if !ok || te.Class != ClassMaxIterations || !strings.Contains(te.Message, "3 model calls") {
		t.Fatalf("err = %v", res.Err)
	}
	// user + 3 × (assistant + tool results): the work is kept.
	if len(res.Messages) != 7 || res.Messages[6].ToolResults[0].Content != "read_file:fc" {
		t.Errorf("history has %d messages", len(res.Messages))
	}
}

func TestStopDuringStreamIsFast(t *testing.T) {
	s := newScript(t, reply{text: "partial answer ", hang: true})
	a := newAgent(t, Config{Client: s.client()})
	ctx, cancel := context.WithCancel(context.Background())
	var rec recorder
	var stoppedAt time.Time
	go func() {
		_ = eventually.Within(eventually.Deadline, func() error {
			if !strings.Contains(rec.text(), "answer") {
				return errors.New("no answer yet")
			}
			return nil
		})
		stoppedAt = time.Now()
		cancel()
	}()
	res := a.Run(ctx, nil, "go", rec.emit)
	if d := time.Since(stoppedAt); d > 200*time.Millisecond {
		t.Errorf("Stop took %v", d)
	}
	if !res.Stopped || res.Err != nil || res.Text != "partial answer " {
		t.Fatalf("result %+v", res)
	}
	last := res.Messages[len(res.Messages)-1]
	if last.Role != llm.RoleAssistant || last.Text != "partial answer " {
		t.Errorf("partial text not kept: %+v", last)
	}
	if done := eventsOf[TurnDone](&rec); len(done) != 1 || !done[0].Stopped {
		t.Errorf("done %+v", done)
	}
	if len(eventsOf[TurnError](&rec)) != 0 {
		t.Error("a stop is not an error")
	}
}

func TestStopDuringStubbornTool(t *testing.T) {
	started := make(chan struct{})
	stubborn := &fnTool{name: "shell", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		close(started)
		time.Sleep(2 * time.Second) // ignores ctx
		return "late", nil
	}}
	waiting := make(chan struct{})
	polite := &fnTool{name: "wait", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		close(waiting)
		<-ctx.Done()
		return "", ctx.Err()
	}}
	s := newScript(t, reply{calls: []llm.ToolCall{call("c1", "wait", `{"path":"x"}`), call("c2", "shell", `{"path":"y"}`)}})
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{stubborn, polite}})
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var t0 time.Time
	go func() {
		// wait runs alone first (not read-only); cancel once it is blocking
		// (a fixed delay raced a loaded machine).
		<-waiting
		mu.Lock()
		t0 = time.Now()
		mu.Unlock()
		cancel()
	}()
	var rec recorder
	res := a.Run(ctx, nil, "go", rec.emit)
	mu.Lock()
	// Well under the stubborn tool's two seconds: Stop did not wait for it.
	if d := time.Since(t0); d > time.Second {
		t.Errorf("Stop took %v", d)
	}
	mu.Unlock()
	if !res.Stopped {
		t.Fatalf("result %+v", res)
	}
	fin := eventsOf[ToolCallFinished](&rec)
	if len(fin) != 2 || fin[0].Status != tool.StatusCanceled || fin[1].Status != tool.StatusCanceled {
		t.Errorf("finished %+v", fin)
	}
	select {
	case <-started:
		t.Error("a call after the stop still started")
	default:
	}
	last := res.Messages[len(res.Messages)-1]
	if last.Role != llm.RoleTool || len(last.ToolResults) != 2 {
		t.Errorf("every call needs a result in history: %+v", last)
	}
}

func TestStubbornToolAbandonedAfterGrace(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	started := make(chan struct{})
	stubborn := &fnTool{name: "shell", run: func(ctx context.Context, args json.RawMessage) (string, error) {
		close(started)
		<-block // ignores ctx entirely
		return "late", nil
	}}
	s := newScript(t, reply{calls: []llm.ToolCall{call("c1", "shell", `{"path":"y"}`)}})
	const grace = 50 * time.Millisecond
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{stubborn}, StopGrace: grace})
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var t0 time.Time
	go func() { // Stop once the tool runs: a fixed delay raced a loaded machine
		<-started
		mu.Lock()
		t0 = time.Now()
		mu.Unlock()
		cancel()
	}()
	res := a.Run(ctx, nil, "go", func(Event) {})
	mu.Lock()
	defer mu.Unlock()
	// The tool never returns: Run returning at all shows it was abandoned;
	// the bounds show it was given its grace, and not much more.
	if d := time.Since(t0); d < grace || d > grace+time.Second {
		t.Errorf("Stop took %v with a tool that ignores ctx (grace %v)", d, grace)
	}
	last := res.Messages[len(res.Messages)-1]
	if !res.Stopped || len(last.ToolResults) != 1 || last.ToolResults[0].Content == "late" {
		t.Errorf("result %+v", res)
	}
}

func TestRetryEventThenSuccess(t *testing.T) {
	s := newScript(t,
		reply{status: 429, header: map[string]string{"retry-after-ms": "5"}, body: `{"error":{"message":"slow down","type":"rate_limit_error"}}`},
		reply{text: "fine"})
	a := newAgent(t, Config{Client: s.client()})
	var rec recorder
	res := a.Run(context.Background(), nil, "hi", rec.emit)
	if res.Err != nil || res.Text != "fine" {
		t.Fatalf("result %+v", res)
	}
	r := eventsOf[Retrying](&rec)
	if len(r) != 1 || r[0].Class != llm.ClassRateLimit || r[0].Attempt != 1 || r[0].Delay != 5*time.Millisecond {
		t.Errorf("retry events %+v", r)
	}
}

func TestAuthErrorFailsTurn(t *testing.T) {
	s := newScript(t, reply{status: 401, body: `{"error":{"message":"Incorrect API key","code":"invalid_api_key"}}`})
	a := newAgent(t, Config{Client: s.client()})
	var rec recorder
	res := a.Run(context.Background(), nil, "hi", rec.emit)
	if llm.ClassOf(res.Err) != llm.ClassAuth || len(s.requests()) != 1 {
		t.Fatalf("err %v after %d requests", res.Err, len(s.requests()))
	}
	if e := eventsOf[TurnError](&rec); len(e) != 1 || e[0].Class != llm.ClassAuth {
		t.Errorf("error events %+v", e)
	}
}
