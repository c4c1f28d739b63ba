package conversation

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
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
	id, _, err := c.Send("hi")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
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
