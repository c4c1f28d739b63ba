package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/settings"
)

func TestChatsAreSavedListedAndResumed(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Paris."), textReply("Blue."), textReply("You asked about Paris.")}}
	a, rec, _ := chatApp(t, p, "ask")
	send := func(prompt string) {
		t.Helper()
		rec.mu.Lock()
		rec.events = nil
		rec.mu.Unlock()
		if _, err := a.Send(prompt); err != nil {
			t.Fatal(err)
		}
		rec.waitFor(t, "done")
		for {
			a.chat.mu.Lock()
			running := a.chat.running
			a.chat.mu.Unlock()
			if !running {
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	send("What is the capital of France?")
	if err := a.NewChat(); err != nil {
		t.Fatal(err)
	}
	send("What colour is the sky?")
	list, err := a.ListSessions()
	if err != nil || len(list) != 2 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	if list[0].Title != "What colour is the sky?" || list[1].Title != "What is the capital of France?" {
		t.Errorf("titles, newest first: %q, %q", list[0].Title, list[1].Title)
	}
	tr, err := a.OpenSession(list[1].ID)
	if err != nil || len(tr.Messages) != 2 || tr.Messages[1].Text != "Paris." {
		t.Fatalf("OpenSession = %+v, %v", tr, err)
	}
	send("What did I ask first?")
	sent, _ := json.Marshal(p.requests[2]["messages"])
	if !strings.Contains(string(sent), "capital of France") || strings.Contains(string(sent), "colour is the sky") {
		t.Errorf("resumed context = %s", sent)
	}
	if err := a.RenameSession(list[1].ID, "  Geography  "); err != nil {
		t.Fatal(err)
	}
	if err := a.DeleteSession(list[0].ID); err != nil {
		t.Fatal(err)
	}
	list, _ = a.ListSessions()
	if len(list) != 1 || list[0].Title != "Geography" {
		t.Errorf("after rename and delete: %+v", list)
	}
	if err := a.RenameSession(list[0].ID, "   "); err == nil {
		t.Error("empty title accepted")
	}
}

func TestEditAndResendBranchesTheConversation(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Four."), textReply("Nine."), textReply("Six."), textReply("Again four.")}}
	a, rec, _ := chatApp(t, p, "ask")
	var ids []string
	send := func(prompt string) {
		t.Helper()
		rec.mu.Lock()
		rec.events = nil
		rec.mu.Unlock()
		res, err := a.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.TurnID)
		rec.waitFor(t, "done")
		waitIdle(a)
	}
	send("2+2?")
	send("3*3?")
	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	if _, err := a.EditAndResend(ids[1], "3+3?"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(a)
	sent, _ := json.Marshal(p.requests[2]["messages"])
	if !strings.Contains(string(sent), "2+2?") || strings.Contains(string(sent), "3*3?") || !strings.Contains(string(sent), "3+3?") {
		t.Errorf("edited resend sent %s", sent)
	}
	list, _ := a.ListSessions()
	if len(list) != 2 {
		t.Fatalf("want the original and its fork, got %+v", list)
	}
	orig, fork := list[1], list[0]
	if tr, _ := a.sessions().Load(t.Context(), orig.ID); len(tr.Messages) != 4 {
		t.Errorf("the old branch changed: %d messages", len(tr.Messages))
	}
	if tr, _ := a.sessions().Load(t.Context(), fork.ID); len(tr.Messages) != 4 || tr.Messages[2].Text != "3+3?" {
		t.Errorf("fork = %+v", tr.Messages)
	}
	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	if _, err := a.Regenerate(ids[0]); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(a)
	sent, _ = json.Marshal(p.requests[3]["messages"])
	if strings.Count(string(sent), "2+2?") != 1 || strings.Contains(string(sent), "3+3?") {
		t.Errorf("regenerate sent %s", sent)
	}
	// Editing the regenerated first turn must start from nothing again,
	// not from a message id of the session it left.
	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	p.mu.Lock()
	p.replies = append(p.replies, textReply("Five."))
	p.mu.Unlock()
	a.chat.mu.Lock()
	regenerated := a.chat.turns[0].id
	a.chat.mu.Unlock()
	if _, err := a.EditAndResend(regenerated, "2+3?"); err != nil {
		t.Fatalf("edit after a regenerate: %v", err)
	}
	rec.waitFor(t, "done")
	waitIdle(a)
	if _, err := a.Regenerate("t-unknown"); err == nil {
		t.Error("regenerating an unknown turn was accepted")
	}
}

func waitIdle(a *App) {
	for {
		a.chat.mu.Lock()
		running := a.chat.running
		a.chat.mu.Unlock()
		if !running {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestSearchAndExportRedactStoredKeys(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Noted: the token sk-proj-Ab3dEf9hIjKlMn0pQrStUvWx is secret.")}}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.SetKey("anthropic", "my-very-own-stored-key-123"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Send("remember my-very-own-stored-key-123 please"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(a)
	hits, err := a.SearchSessions("remember")
	if err != nil || len(hits) != 1 {
		t.Fatalf("SearchSessions = %+v, %v", hits, err)
	}
	for _, f := range []string{"md", "json"} {
		out, err := a.ExportSession(hits[0].SessionID, f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "my-very-own-stored-key-123") || strings.Contains(out, "sk-proj-Ab3dEf9hIjKlMn0pQrStUvWx") {
			t.Errorf("%s export leaks a key:\n%s", f, out)
		}
		if !strings.Contains(out, "remember") {
			t.Errorf("%s export lost the conversation:\n%s", f, out)
		}
	}
	if _, err := a.ExportSession(hits[0].SessionID, "pdf"); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestModelNamesTheConversation(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Use a worker pool."), textReply("\"Speeding up the importer.\"")}}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error { s.ModelTitles = nil; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Send("my importer is slow, what can I do?"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		list, _ := a.ListSessions()
		if len(list) == 1 && list[0].Title == "Speeding up the importer" {
			p.mu.Lock()
			sys, _ := p.requests[1]["messages"].([]any)
			p.mu.Unlock()
			if len(sys) == 0 {
				t.Error("the title request sent no messages")
			}
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	list, _ := a.ListSessions()
	t.Fatalf("title = %+v", list)
}
