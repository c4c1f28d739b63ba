package session

import (
	"context"
	"testing"
)

// A prompt keeps what the person typed beside what the model was sent, and
// who sent it; a hook's message never titles the session; a fork keeps both.
func TestPromptTypedAndOriginSurviveLoadAndFork(t *testing.T) {
	s, ctx := openTemp(t), context.Background()
	sess := mustCreate(t, s, "/ws")
	if _, err := s.AddPrompt(ctx, sess.ID, Prompt{Text: "A Stop hook asks you to go on: test", Origin: "hook:Stop"}); err != nil {
		t.Fatal(err)
	}
	m, err := s.AddPrompt(ctx, sess.ID, Prompt{Text: "Review foo for bugs.", Typed: "/review foo"})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := s.Load(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := tr.Messages
	if len(got) != 2 || got[0].Origin != "hook:Stop" || got[0].Typed != "" || got[1].Typed != "/review foo" ||
		got[1].Text != "Review foo for bugs." || got[1].Origin != "" {
		t.Fatalf("messages = %+v", got)
	}
	if tr.Session.Title != TitleFrom("Review foo for bugs.") {
		t.Errorf("title %q: the hook's message titled the session, or the person's did not", tr.Session.Title)
	}
	fork, err := s.Fork(ctx, sess.ID, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	ft, err := s.Load(ctx, fork.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ft.Messages[0].Origin != "hook:Stop" || ft.Messages[1].Typed != "/review foo" {
		t.Errorf("the fork lost them: %+v", ft.Messages)
	}
}
