package assembly

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/settings"
)

// The chosen effort reaches a model that reasons and is left out for one
// that would refuse the field.
func TestEffortGoesOnlyToModelsThatTakeIt(t *testing.T) {
	var mu sync.Mutex
	var efforts []any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		b, _ := io.ReadAll(r.Body)
		json.Unmarshal(b, &body)
		mu.Lock()
		efforts = append(efforts, body["reasoning_effort"])
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}`+"\n\ndata: [DONE]\n\n")
	}))
	t.Cleanup(srv.Close)
	key := func(context.Context, string) (string, error) { return "sk-test-000000000000", nil }
	for _, tt := range []struct {
		model string
		want  any
	}{{"o4-mini", "high"}, {"gpt-4o", nil}} {
		st := settings.Defaults()
		st.ActiveProvider, st.ActiveModel, st.ReasoningEffort = "openai", tt.model, "high"
		st.Providers["openai"] = settings.ProviderSettings{BaseURL: srv.URL + "/v1"}
		b, err := Build(context.Background(), key, Spec{Settings: st, Workspace: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if res := b.Agent.Run(context.Background(), nil, "hi", func(loop.Event) {}); res.Err != nil {
			t.Fatalf("%s: %v", tt.model, res.Err)
		}
		mu.Lock()
		got := efforts[len(efforts)-1]
		mu.Unlock()
		if got != tt.want {
			t.Errorf("%s: reasoning_effort %v, want %v", tt.model, got, tt.want)
		}
	}
}
