package assembly

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm/llmtest"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/web"
	"github.com/tiktoken-go/tokenizer"
)

// firstRequestBudget is what the first request of a turn with the default
// tools may cost in o200k tokens (system prompt, tools, message), with
// every tool offered (bench/prompt prints the parts).
const firstRequestBudget = 1300

func TestFirstRequestFitsTheBudget(t *testing.T) {
	agents, err := subagent.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	srv, bodies := llmtest.OpenAI(t, http.StatusOK, "")
	keys := func(context.Context, string) (string, error) { return "sk-budget-test-0000", nil }
	// As a conversation offers them: background processes and web_fetch
	// (web search off, as it is until the person configures it).
	procs := process.NewTable(process.Options{})
	t.Cleanup(procs.Close)
	spec := Spec{Settings: settings.Defaults(), ProviderID: "openai", Model: "gpt-4o",
		BaseURL: srv.URL + "/v1", Workspace: t.TempDir(), CacheDir: t.TempDir(), Agents: agents}
	spec.Tools.Processes, spec.Tools.Web = procs, &tools.Web{Fetcher: web.New(web.Options{})}
	b, err := Build(context.Background(), keys, spec)
	if err != nil {
		t.Fatal(err)
	}
	if res := b.Agent.Run(context.Background(), nil, "hi!", func(loop.Event) {}); res.Err != nil {
		t.Fatal(res.Err)
	}
	var req struct {
		Tools    []json.RawMessage `json:"tools"`
		Messages []struct{ Content string }
	}
	if err := json.Unmarshal(bodies.All()[0], &req); err != nil {
		t.Fatal(err)
	}
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	count := func(s string) int { ids, _, _ := enc.Encode(s); return len(ids) }
	total := 0
	for _, m := range req.Messages {
		total += count(m.Content)
	}
	for _, tl := range req.Tools {
		total += count(string(tl))
	}
	if len(req.Tools) != 12 {
		t.Errorf("%d tools offered, want the 12 defaults", len(req.Tools))
	}
	if total > firstRequestBudget {
		t.Errorf("the first request takes %d tokens, more than %d", total, firstRequestBudget)
	}
}
