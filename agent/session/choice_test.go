package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A session keeps the picker's provider, model and effort: stored at
// creation, changed by SetChoice, read back by Get, List and Load, copied
// into a fork and shown in both exports.
func TestSessionKeepsChoice(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	first := Choice{Provider: "ollama", Model: "qwen3:8b"}
	sess, err := s.Create(ctx, NewSession{Workspace: "/ws", Provider: "ollama", Model: "qwen3:8b", Choice: first})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session.Choice; got != first || sess.Choice != first {
		t.Fatalf("new session's choice: stored %+v, returned %+v", got, sess.Choice)
	}
	picked := Choice{Provider: "custom:lab", Model: "big-2", Effort: "high"}
	if err := s.SetChoice(ctx, sess.ID, picked); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, sess.ID); err != nil || got.Choice != picked {
		t.Errorf("Get: %+v, %v", got.Choice, err)
	}
	if list, err := s.List(ctx, ListOptions{}); err != nil || len(list) != 1 || list[0].Choice != picked {
		t.Errorf("List: %+v, %v", list, err)
	}
	m := mustUser(t, s, sess.ID, "hello")
	fork, err := s.Fork(ctx, sess.ID, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, fork.ID).Session.Choice; got != picked {
		t.Errorf("fork's choice %+v, want %+v", got, picked)
	}
	var md, js bytes.Buffer
	if err := Export(&md, mustLoad(t, s, sess.ID), FormatMarkdown, redact.New()); err != nil {
		t.Fatal(err)
	}
	if want := "- Picked: custom:lab/big-2, reasoning effort high\n"; !strings.Contains(md.String(), want) {
		t.Errorf("Markdown export lacks %q:\n%s", want, md.String())
	}
	if err := Export(&js, mustLoad(t, s, sess.ID), FormatJSON, redact.New()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Session struct{ Choice Choice } `json:"session"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || doc.Session.Choice != picked {
		t.Errorf("JSON export's choice %+v, %v:\n%s", doc.Session.Choice, err, js.String())
	}
	if err := s.SetChoice(ctx, sess.ID, Choice{}); err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session.Choice; got != (Choice{}) {
		t.Errorf("cleared choice reads back as %+v", got)
	}
	if err := s.SetChoice(ctx, "nope", picked); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetChoice of a missing session: %v", err)
	}
}
