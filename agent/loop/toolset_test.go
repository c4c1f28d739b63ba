package loop

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestToolSchemasAreCheckedByTheirDraft(t *testing.T) {
	const draft07 = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
		"definitions":{"n":{"type":"integer","minimum":1}},
		"properties":{"count":{"$ref":"#/definitions/n"}},"required":["count"]}`
	cases := []struct {
		name, schema, args string
		compileErr         string // "" compiles
		callErr            string // "" the call may run
	}{
		{"2020-12 (no $schema): a good call runs", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, `{"path":"a.go"}`, "", ""},
		{"2020-12: a missing property is refused", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, `{}`, "", "invalid arguments for t"},
		{"2020-12: a wrong type is refused", `{"type":"object","properties":{"path":{"type":"string"}}}`, `{"path":3}`, "", "invalid arguments for t"},
		{"draft-07 with definitions: a good call runs", draft07, `{"count":2}`, "", ""},
		{"draft-07 with definitions: the referenced minimum holds", draft07, `{"count":0}`, "", "invalid arguments for t"},
		{"draft-07 without the fragment is draft-07", strings.Replace(draft07, "schema#", "schema", 1), `{"count":0}`, "", "invalid arguments for t"},
		{"draft-04 is left to the tool", `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"number","maximum":3,"exclusiveMaximum":true}}}`, `{"n":9}`, "", ""},
		{"a schema that is not JSON is an error", `{"type":`, `{}`, "not JSON", ""},
		{"a schema with a wrong keyword type is an error", `{"type":5}`, `{}`, "invalid parameter schema", ""},
		{"arguments that are not JSON are refused", `{"type":"object"}`, `{"a":`, "", "not valid JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts, err := newToolset([]tool.Tool{&fnTool{name: "t", schema: c.schema}})
			if c.compileErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.compileErr) {
					t.Fatalf("newToolset error = %v, want one saying %q", err, c.compileErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			call := llm.ToolCall{ID: "c", Name: "t", Args: json.RawMessage(c.args)}
			if !json.Valid(call.Args) { // as the adapters pass arguments that do not parse
				call.Args, call.RawArgs = json.RawMessage(`{}`), c.args
			}
			msg := ts.check(call)
			if c.callErr == "" && msg != "" {
				t.Fatalf("check = %q, want the call to run", msg)
			}
			if c.callErr != "" && !strings.Contains(msg, c.callErr) {
				t.Fatalf("check = %q, want it to say %q", msg, c.callErr)
			}
		})
	}
}
