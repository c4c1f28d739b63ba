package session

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func openAt(t testing.TB, path string, opt Options) *Store {
	t.Helper()
	s, err := Open(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openTemp(t testing.TB) *Store {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "data", FileName), Options{FlushInterval: 20 * time.Millisecond})
}

func mustCreate(t testing.TB, s *Store, ws string) Session {
	t.Helper()
	sess, err := s.Create(context.Background(), NewSession{Workspace: ws, Provider: "openai", Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

func mustUser(t testing.TB, s *Store, id, text string) Message {
	t.Helper()
	m, err := s.AddUserMessage(context.Background(), id, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mustReply writes a complete assistant step with one successful tool call.
func mustReply(t testing.TB, s *Store, id, text string) *Turn {
	t.Helper()
	ctx := context.Background()
	turn, err := s.BeginAssistant(ctx, id, "openai", "gpt-test")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText(text)
	if err := turn.Finish(ctx, End{State: StateComplete, Usage: Usage{InputTokens: 10, OutputTokens: 5, CostUSD: 0.001}}); err != nil {
		t.Fatal(err)
	}
	return turn
}

func mustLoad(t testing.TB, s *Store, id string) *Transcript {
	t.Helper()
	tr, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
