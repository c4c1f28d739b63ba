package app

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// serveEvents collects the "serve" events.
type serveEvents struct {
	mu     sync.Mutex
	events []ServeEvent
}

func (s *serveEvents) emit(name string, data any) {
	if e, ok := data.(ServeEvent); ok && name == ServeEventName {
		s.mu.Lock()
		s.events = append(s.events, e)
		s.mu.Unlock()
	}
}

func (s *serveEvents) first(t *testing.T, typ string) ServeEvent {
	t.Helper()
	var found *ServeEvent
	eventually.True(t, "a "+typ+" serve event", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, e := range s.events {
			if e.Type == typ {
				found = &e
				return true
			}
		}
		return false
	})
	return *found
}

func TestServedTurnAsksOnApprovalCards(t *testing.T) {
	p := &scriptedProvider{replies: []string{toolReply("w1", "write_file", `{"path":"out.txt","content":"hi"}`), textReply("Written.")}}
	a, _ := scriptedApp(t, p, "ask")
	evs := &serveEvents{}
	a.setEmitter(evs.emit)
	ws := t.TempDir()
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HEARTH_API_TOKEN", "") // the keychain's token (a test ring) is used
	a.serving.addr = "127.0.0.1:0"
	view, err := a.h.Serve.StartServing()
	if err != nil || !view.Running || view.Workspace != ws {
		t.Fatalf("StartServing = %+v, %v", view, err)
	}
	tok, err := a.deps.Secrets.ServeToken(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	c := openai.NewClient(option.WithBaseURL(view.URL+"/v1"), option.WithAPIKey(tok), option.WithMaxRetries(0))
	answer := make(chan string, 1)
	go func() {
		got, err := c.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{Model: "hearth",
			Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("write it")}})
		if err != nil {
			answer <- "error: " + err.Error()
			return
		}
		answer <- got.Choices[0].Message.Content
	}()
	req := evs.first(t, "approval_requested")
	if req.Tool != "write_file" || req.Kind != "edit" {
		t.Fatalf("card %+v", req)
	}
	if err := a.h.Serve.AnswerServedApproval(req.RequestID, "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	if got := <-answer; got != "Written." {
		t.Fatalf("served answer %q", got)
	}
	if b, err := os.ReadFile(filepath.Join(ws, "out.txt")); err != nil || string(b) != "hi" {
		t.Fatalf("the approved edit: %q %v", b, err)
	}
	if r := evs.first(t, "approval_resolved"); r.RequestID != req.RequestID || r.Decision != "allow_once" {
		t.Fatalf("resolved %+v", r)
	}
	if v := a.h.Serve.StopServing(); v.Running {
		t.Fatalf("still serving: %+v", v)
	}
	if err := a.h.Serve.AnswerServedApproval(req.RequestID, "deny", ""); err == nil {
		t.Fatal("answering with no server must fail")
	}
}
