package session

import (
	"context"
	"path/filepath"
	"strings"
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

// A new conversation's session and first prompt are stored together: what
// Load and List show matches what CreateWithPrompt returned.
func TestCreateWithPromptStoresTheSessionAndItsPrompt(t *testing.T) {
	s, ctx := openTemp(t), context.Background()
	img := []byte("\x89PNG not really")
	sess, m, err := s.CreateWithPrompt(ctx, NewSession{Workspace: "/ws", Provider: "openai", Model: "gpt-test", Mode: "plan"},
		Prompt{Text: "Review foo for bugs.", Typed: "/review foo",
			Attachments: []Attachment{{Kind: "image", MediaType: "image/png", Name: "a.png", Data: img}}})
	if err != nil {
		t.Fatal(err)
	}
	if sess.Title != "Review foo for bugs." || sess.TitleSource != "auto" || m.SessionID != sess.ID || m.Typed != "/review foo" {
		t.Fatalf("returned %+v, %+v", sess, m)
	}
	tr := mustLoad(t, s, sess.ID)
	if tr.Session.Title != sess.Title || tr.Session.Mode != "plan" || tr.Session.Model != "gpt-test" {
		t.Errorf("stored session %+v", tr.Session)
	}
	got := tr.Messages
	if len(got) != 1 || got[0].ID != m.ID || got[0].Text != "Review foo for bugs." || got[0].Typed != "/review foo" ||
		len(got[0].Attachments) != 1 || string(got[0].Attachments[0].Data) != string(img) {
		t.Fatalf("stored messages %+v", got)
	}
	// The next prompt goes on in the same session, after the first.
	next := mustUser(t, s, sess.ID, "and bar")
	if next.Seq != m.Seq+1 {
		t.Errorf("next prompt seq %d after %d", next.Seq, m.Seq)
	}
}

// When the prompt cannot be stored, no empty session is left behind (as
// Create then AddPrompt would leave one).
func TestCreateWithPromptThatFailsLeavesNoSession(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s, ctx := openAt(t, path, Options{}), context.Background()
	db := rawDB(t, path)
	defer db.Close()
	if _, err := db.Exec(`CREATE TRIGGER refuse BEFORE INSERT ON messages
		BEGIN SELECT RAISE(ABORT, 'messages refused'); END`); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.CreateWithPrompt(ctx, NewSession{Workspace: "/ws"}, Prompt{Text: "hello"})
	if err == nil || !strings.Contains(err.Error(), "messages refused") {
		t.Fatalf("err = %v, want the refused insert", err)
	}
	if list, err := s.List(ctx, ListOptions{}); err != nil || len(list) != 0 {
		t.Fatalf("sessions after a failed CreateWithPrompt: %+v (%v)", list, err)
	}
	if _, _, err := s.CreateWithPrompt(ctx, NewSession{Workspace: " "}, Prompt{Text: "hello"}); err == nil ||
		!strings.Contains(err.Error(), "workspace is required") {
		t.Errorf("blank workspace: err = %v", err)
	}
}
