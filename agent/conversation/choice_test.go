package conversation

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

func TestApplyChoice(t *testing.T) {
	st := settings.Defaults()
	tests := []struct {
		name      string
		fixed     AgentChoice
		ch        Choice
		wantAgent AgentChoice
		effort    string
		mode      string
	}{
		{"nothing chosen", AgentChoice{}, Choice{}, AgentChoice{}, "medium", "ask"},
		{"provider and model", AgentChoice{}, Choice{ProviderID: "ollama", Model: "qwen3:8b", Effort: "high", Mode: "auto"},
			AgentChoice{ProviderID: "ollama", Model: "qwen3:8b"}, "high", "auto"},
		{"the CLI's flags win", AgentChoice{ProviderID: "openai", Model: "gpt-5"}, Choice{ProviderID: "ollama", Model: "qwen3:8b"},
			AgentChoice{ProviderID: "openai", Model: "gpt-5"}, "medium", "ask"},
		{"a model for the settings' provider", AgentChoice{}, Choice{Model: "gpt-4.1"}, AgentChoice{Model: "gpt-4.1"}, "medium", "ask"},
	}
	for _, tt := range tests {
		gotSt, gotA := applyChoice(st, tt.fixed, tt.ch)
		if !reflect.DeepEqual(gotA, tt.wantAgent) || gotSt.ReasoningEffort != tt.effort || gotSt.ApprovalMode != tt.mode {
			t.Errorf("%s: agent %+v effort %q mode %q", tt.name, gotA, gotSt.ReasoningEffort, gotSt.ApprovalMode)
		}
	}
}

// modelRecorder is a Chat Completions server that answers "ok" and notes
// the model each request asked for.
type modelRecorder struct {
	mu     sync.Mutex
	models []string
}

func (m *modelRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	var body struct{ Model string }
	json.NewDecoder(r.Body).Decode(&body)
	m.mu.Lock()
	m.models = append(m.models, body.Model)
	m.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Write([]byte("data: " + `{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n"))
}

// The picker's model is the one the next turn asks for; Settings' stays.
func TestChoiceAppliesToTheNextTurn(t *testing.T) {
	rec := &modelRecorder{}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	c, ev, _, _ := newConversation(t)
	st := c.cfg.Settings()
	st.Custom = []settings.CustomEndpoint{{Name: "other", BaseURL: srv.URL + "/v1"}}
	c.cfg.Settings = func() settings.Settings { return st }
	if err := c.SetChoice(Choice{ProviderID: "custom:other", Model: "picked-model", Effort: "low"}); err != nil {
		t.Fatal(err)
	}
	sendDone(t, c, ev, "hi")
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.models) != 1 || rec.models[0] != "picked-model" {
		t.Errorf("requests asked for %v, want picked-model", rec.models)
	}
	if err := c.SetChoice(Choice{Mode: "sometimes"}); err == nil {
		t.Error("an unknown mode was accepted")
	}
	if err := c.SetChoice(Choice{ProviderID: "nope"}); err == nil {
		t.Error("an unknown provider was accepted")
	}
}

// Each conversation keeps its own choice: reopening one brings back its
// provider, model, effort and mode (and its turns ask for that model), New
// chat keeps the choice on screen, and a fork keeps its source's.
func TestReopenRestoresTheConversationsChoice(t *testing.T) {
	rec := &modelRecorder{}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	c, ev, store, _ := newConversation(t, text("second chat"))
	st := c.cfg.Settings()
	st.Custom = append(st.Custom, settings.CustomEndpoint{Name: "other", BaseURL: srv.URL + "/v1"})
	c.cfg.Settings = func() settings.Settings { return st }

	first := Choice{ProviderID: "custom:other", Model: "picked-model", Effort: "low", Mode: ModeEdits}
	if err := c.SetChoice(first); err != nil {
		t.Fatal(err)
	}
	sendDone(t, c, ev, "first chat")
	firstID := c.SessionID()
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	if got := c.Choice(); got != first {
		t.Errorf("New chat's choice %+v, want the last pick %+v", got, first)
	}
	second := Choice{ProviderID: "custom:script", Model: "scripted-model", Effort: "high", Mode: ModePlan}
	if err := c.SetChoice(second); err != nil {
		t.Fatal(err)
	}
	sendDone(t, c, ev, "second chat")
	secondID := c.SessionID()

	ctx := context.Background()
	for _, tt := range []struct {
		id   string
		want Choice
	}{{firstID, first}, {secondID, second}, {firstID, first}} {
		if _, err := c.Reopen(ctx, tt.id); err != nil {
			t.Fatal(err)
		}
		if got := c.Choice(); got != tt.want {
			t.Errorf("reopened %s: choice %+v, want %+v", tt.id, got, tt.want)
		}
	}
	sendDone(t, c, ev, "again")
	rec.mu.Lock()
	models := slices.Clone(rec.models)
	rec.mu.Unlock()
	if want := []string{"picked-model", "picked-model"}; !slices.Equal(models, want) {
		t.Errorf("the first chat's provider was asked for %v, want %v", models, want)
	}

	tr, err := store.Load(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}
	fork, err := store.Fork(ctx, firstID, tr.Messages[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Reopen(ctx, fork.ID); err != nil {
		t.Fatal(err)
	}
	if got := c.Choice(); got != first {
		t.Errorf("the fork's choice %+v, want its source's %+v", got, first)
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if len(ev.notices) != 0 {
		t.Errorf("notices: %v", ev.notices)
	}
}

// A conversation whose provider is no longer configured reopens on
// Settings' provider, keeping its effort and mode, and says so once.
func TestReopenFallsBackWhenTheProviderIsGone(t *testing.T) {
	rec := &modelRecorder{}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	c, ev, _, _ := newConversation(t, text("on the default"))
	st := c.cfg.Settings()
	withOther := st
	withOther.Custom = append(slices.Clone(st.Custom), settings.CustomEndpoint{Name: "other", BaseURL: srv.URL + "/v1"})
	c.cfg.Settings = func() settings.Settings { return withOther }
	if err := c.SetChoice(Choice{ProviderID: "custom:other", Model: "picked-model", Effort: "low", Mode: ModeEdits}); err != nil {
		t.Fatal(err)
	}
	sendDone(t, c, ev, "hi")
	sid := c.SessionID()
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}

	c.cfg.Settings = func() settings.Settings { return st } // "other" removed in Settings
	if _, err := c.Reopen(context.Background(), sid); err != nil {
		t.Fatalf("reopening failed instead of falling back: %v", err)
	}
	if got, want := c.Choice(), (Choice{Effort: "low", Mode: ModeEdits}); got != want {
		t.Errorf("choice %+v, want %+v", got, want)
	}
	ev.mu.Lock()
	notices := slices.Clone(ev.notices)
	ev.mu.Unlock()
	if len(notices) != 1 || !strings.Contains(notices[0].Error(), "custom:other") ||
		!strings.Contains(notices[0].Error(), "no longer configured") || strings.Contains(notices[0].Error(), "\n") {
		t.Errorf("notices %v, want one line naming custom:other", notices)
	}
	if d := sendDone(t, c, ev, "and now"); d.Text != "on the default" {
		t.Errorf("the turn after falling back answered %q, want Settings' provider's reply", d.Text)
	}
}
