package app

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// The picker's choice is the conversation's: the view shows it, Settings
// keep their defaults, and a bad value is refused with its field.
func TestChatChoiceIsTheConversations(t *testing.T) {
	a, _ := newTestApp(t, nil)
	v := a.h.Composer.ChatChoice()
	if v.Provider != "openai" || v.Model != "gpt-5" || v.Effort != "medium" || v.Mode != "ask" || len(v.Providers) < 5 || !v.HasEffort {
		t.Fatalf("default view %+v", v)
	}
	if v, err := a.h.Composer.SetChatChoice(ChatChoiceInput{Provider: "openai", Model: "gpt-4o"}); err != nil || v.HasEffort {
		t.Fatalf("gpt-4o takes no effort, the view offers one: %+v, %v", v, err)
	}
	v, err := a.h.Composer.SetChatChoice(ChatChoiceInput{Provider: "anthropic", Effort: "high", Mode: "edits"})
	if err != nil || v.Provider != "anthropic" || v.Model != "claude-sonnet-4-5" || v.Effort != "high" || v.Mode != "edits" {
		t.Fatalf("after choosing Anthropic: %+v, %v", v, err)
	}
	if s := a.h.Settings.GetSettings(); s.ActiveProvider != "openai" || s.ApprovalMode != "ask" {
		t.Errorf("the choice changed Settings: %s, %s", s.ActiveProvider, s.ApprovalMode)
	}
	if _, err := a.h.Composer.SetChatChoice(ChatChoiceInput{Effort: "max"}); err == nil {
		t.Error("an unknown effort was accepted")
	}
}

// Each conversation brings back its own pick when it is opened from the
// sidebar; New chat keeps the pick on screen; a conversation whose
// provider was removed opens on Settings' provider with one notice.
func TestOpenSessionBringsBackItsPick(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("one"), textReply("two"), textReply("three"), textReply("four")}}
	a, _ := scriptedApp(t, p, "ask")
	rec := &recorder{}
	var mu sync.Mutex
	var notices []string
	a.setEmitter(func(name string, data any) {
		if name == "notice" {
			mu.Lock()
			notices = append(notices, fmt.Sprint(data))
			mu.Unlock()
		}
		rec.emit(name, data)
	})
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Settings.AddCustomEndpoint("other", a.deps.Settings.Get().Custom[0].BaseURL); err != nil {
		t.Fatal(err)
	}
	send := func(prompt string) { sendAndWait(t, a, rec, prompt) }
	pick := func(in ChatChoiceInput) {
		t.Helper()
		if _, err := a.h.Composer.SetChatChoice(in); err != nil {
			t.Fatal(err)
		}
	}
	pick(ChatChoiceInput{Provider: "custom:script", Model: "m-one", Effort: "high"})
	send("first")
	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	if v := a.h.Composer.ChatChoice(); v.Provider != "custom:script" || v.Model != "m-one" || v.Effort != "high" {
		t.Errorf("New chat shows %+v, want the last pick", v)
	}
	pick(ChatChoiceInput{Provider: "custom:other", Model: "m-two", Effort: "low"})
	send("second")
	list, err := a.h.Sessions.ListSessions()
	if err != nil || len(list) != 2 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	first, second := list[1].ID, list[0].ID

	if _, err := a.h.Sessions.OpenSession(first); err != nil {
		t.Fatal(err)
	}
	if v := a.h.Composer.ChatChoice(); v.Provider != "custom:script" || v.Model != "m-one" || v.Effort != "high" {
		t.Errorf("the first conversation reopened showing %+v", v)
	}
	send("again")
	if _, err := a.h.Sessions.OpenSession(second); err != nil {
		t.Fatal(err)
	}
	if v := a.h.Composer.ChatChoice(); v.Provider != "custom:other" || v.Model != "m-two" || v.Effort != "low" {
		t.Errorf("the second conversation reopened showing %+v", v)
	}
	p.mu.Lock()
	var models []any
	for _, r := range p.requests {
		models = append(models, r["model"])
	}
	p.mu.Unlock()
	if want := []any{"m-one", "m-two", "m-one"}; !reflect.DeepEqual(models, want) {
		t.Errorf("the provider was asked for %v, want %v", models, want)
	}

	if _, err := a.h.Settings.RemoveCustomEndpoint("other"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Sessions.OpenSession(second); err != nil {
		t.Fatalf("opening a conversation whose provider is gone: %v", err)
	}
	if v := a.h.Composer.ChatChoice(); v.Provider != "custom:script" || v.Model != "scripted-model" || v.Effort != "low" {
		t.Errorf("after its provider was removed the conversation shows %+v, want Settings' provider and model", v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notices) != 1 || !strings.Contains(notices[0], "custom:other") || !strings.Contains(notices[0], "no longer configured") {
		t.Errorf("notices %q, want one naming custom:other", notices)
	}
}
