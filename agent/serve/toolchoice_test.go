package serve

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// tool_choice reaches the provider as the client asked (none keeps the
// client's tools from the model; the agent's own stay).
func TestToolChoiceReachesTheProvider(t *testing.T) {
	weather := openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "get_weather"})
	tests := []struct {
		name       string
		choice     openai.ChatCompletionToolChoiceOptionUnionParam
		wantChoice string // the raw tool_choice the provider received
		offered    bool   // get_weather among the provider's tools
	}{
		{"absent", openai.ChatCompletionToolChoiceOptionUnionParam{}, "", true},
		{"auto", openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("auto")}, "", true},
		{"none", openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("none")}, "", false},
		{"required", openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}, `"required"`, true},
		{"named", openai.ToolChoiceOptionFunctionToolChoice(openai.ChatCompletionNamedToolChoiceFunctionParam{Name: "get_weather"}),
			`{"function":{"name":"get_weather"},"type":"function"}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reply := say("fine")
			if tt.offered && tt.wantChoice != "" {
				reply = callTool("w1", "get_weather", `{}`)
			}
			prov := newProvider(t, reply)
			h := startServer(t, prov)
			params := userSays("Weather?")
			params.Tools = []openai.ChatCompletionToolUnionParam{weather}
			params.ToolChoice = tt.choice
			c := h.client()
			got, err := c.Chat.Completions.New(context.Background(), params)
			if err != nil {
				t.Fatal(err)
			}
			reqs := prov.requests()
			if len(reqs) != 1 {
				t.Fatalf("%d model calls, want 1", len(reqs))
			}
			if choice := string(reqs[0].ToolChoice); choice != tt.wantChoice {
				t.Errorf("the provider got tool_choice %s, want %s", choice, tt.wantChoice)
			}
			offered, own := false, false
			for _, tl := range reqs[0].Tools {
				offered = offered || tl.Function.Name == "get_weather"
				own = own || tl.Function.Name == "read_file"
			}
			if offered != tt.offered || !own {
				t.Errorf("get_weather offered %v (want %v), read_file offered %v", offered, tt.offered, own)
			}
			if tt.wantChoice != "" && (got.Choices[0].FinishReason != "tool_calls" || got.Choices[0].Message.ToolCalls[0].Function.Name != "get_weather") {
				t.Errorf("a forced call ends the response with it: %+v", got.Choices[0])
			}
		})
	}
}

func TestToolChoiceRefused(t *testing.T) {
	h := startServer(t, newProvider(t))
	tools := `"tools":[{"type":"function","function":{"name":"get_weather"}}]`
	tests := []struct {
		name, body, param, message string
	}{
		{"unknown mode", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],` + tools + `,"tool_choice":"always"}`,
			"tool_choice", `not "always"`},
		{"wrong type", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],` + tools + `,"tool_choice":7}`,
			"tool_choice", "tool_choice must be"},
		{"required without tools", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],"tool_choice":"required"}`,
			"tool_choice", "needs at least one tool"},
		{"named not in tools", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],` + tools + `,"tool_choice":{"type":"function","function":{"name":"read_file"}}}`,
			"tool_choice", `"read_file", which is not in tools`},
		{"named without a name", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],` + tools + `,"tool_choice":{"type":"function","function":{}}}`,
			"tool_choice.function.name", "is required"},
		{"allowed_tools", `{"model":"hearth","messages":[{"role":"user","content":"hi"}],` + tools + `,"tool_choice":{"type":"allowed_tools","allowed_tools":{"mode":"auto","tools":[]}}}`,
			"tool_choice.type", "not supported"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp *http.Response
			c := h.client()
			err := c.Post(context.Background(), "chat/completions", []byte(tt.body), nil, option.WithResponseInto(&resp),
				option.WithHeader("Content-Type", "application/json"))
			var apiErr *openai.Error
			if !asAPIError(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
				t.Fatalf("want 400, got %v", err)
			}
			if apiErr.Param != tt.param || !strings.Contains(apiErr.Message, tt.message) {
				t.Errorf("param %q message %q; want %q containing %q", apiErr.Param, apiErr.Message, tt.param, tt.message)
			}
		})
	}
	if n := len(h.prov.requests()); n != 0 {
		t.Errorf("%d model calls for refused requests", n)
	}
}

// A subagent the agent starts is not offered the client's tools and not
// held to its tool_choice: it has nobody to hand a client call to.
func TestSubagentsGetNoClientToolsNorToolChoice(t *testing.T) {
	prov := newProvider(t,
		callTool("t1", "task", `{"agent":"explore","description":"look","prompt":"list the files"}`),
		say("nothing here"),
		callTool("w1", "get_weather", `{}`),
	)
	h := startServer(t, prov)
	params := userSays("Weather?")
	params.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "get_weather"})}
	params.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}
	c := h.client()
	got, err := c.Chat.Completions.New(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if got.Choices[0].FinishReason != "tool_calls" {
		t.Fatalf("finish %q, want tool_calls", got.Choices[0].FinishReason)
	}
	reqs := prov.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d model calls, want 3 (agent, subagent, agent)", len(reqs))
	}
	sub := reqs[1]
	for _, tl := range sub.Tools {
		if tl.Function.Name == "get_weather" {
			t.Error("the subagent was offered the client's tool")
		}
	}
	if len(sub.ToolChoice) != 0 {
		t.Errorf("the subagent got tool_choice %s", sub.ToolChoice)
	}
	if string(reqs[2].ToolChoice) != `"required"` {
		t.Errorf("the agent's next call got tool_choice %s, want \"required\"", reqs[2].ToolChoice)
	}
}
