package openai

import (
	"encoding/json"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// callDelta is one tool_calls entry of a streamed chunk.
type callDelta struct {
	Index    *int   `json:"index"`
	ID       string `json:"id"`
	Function struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

// arguments returns the fragment as text. Servers send a string; a few
// local ones send the finished object itself.
func (d callDelta) arguments() string {
	a := d.Function.Arguments
	if len(a) == 0 || string(a) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(a, &s) == nil {
		return s
	}
	return string(a)
}

type partialCall struct {
	id, name string
	args     []byte
}

// Accumulator assembles streamed tool-call deltas by the rules servers in
// the wild need: deltas keyed by index (missing or -1 → 0); the id taken
// from the first non-empty value; a different non-empty id at an index that
// has one starts a new call, and so does a name arriving for a call whose
// arguments are already a whole JSON value (Ollama sends two whole calls
// both at index 0, sometimes without ids); a repeated identical name is not
// appended; empty ids and names never overwrite; arguments are concatenated
// raw and parsed once at the end.
type Accumulator struct {
	calls   []*partialCall
	byIndex map[int]int // index → position in calls of its current call
}

// Add folds one delta in.
func (a *Accumulator) Add(d callDelta) {
	if a.byIndex == nil {
		a.byIndex = map[int]int{}
	}
	idx := 0
	if d.Index != nil && *d.Index >= 0 {
		idx = *d.Index
	}
	frag := d.arguments()
	pos, ok := a.byIndex[idx]
	if ok {
		c := a.calls[pos]
		newID := d.ID != "" && c.id != "" && d.ID != c.id
		newWhole := d.Function.Name != "" && strings.TrimSpace(frag) != "" && len(c.args) > 0 &&
			(d.ID == "" || c.id == "" || d.ID != c.id) && json.Valid(c.args)
		if newID || newWhole {
			ok = false
		}
	}
	if !ok {
		a.calls = append(a.calls, &partialCall{})
		pos = len(a.calls) - 1
		a.byIndex[idx] = pos
	}
	c := a.calls[pos]
	if c.id == "" && d.ID != "" {
		c.id = d.ID
	}
	if n := d.Function.Name; n != "" && n != c.name {
		c.name += n
	}
	c.args = append(c.args, frag...)
}

// Calls returns the finished calls in arrival order, with ids synthesized
// where the server sent none and arguments parsed.
func (a *Accumulator) Calls() []llm.ToolCall {
	var ids llm.IDs
	for _, c := range a.calls {
		if c.id != "" {
			ids.Seen(c.id)
		}
	}
	out := make([]llm.ToolCall, 0, len(a.calls))
	for _, c := range a.calls {
		if c.name == "" && c.id == "" && len(c.args) == 0 {
			continue
		}
		tc := llm.ToolCall{ID: c.id, Name: c.name}
		if tc.ID == "" {
			tc.ID = ids.New()
		}
		tc.Args, tc.RawArgs = llm.ParseArgs(c.args)
		out = append(out, tc)
	}
	return out
}
