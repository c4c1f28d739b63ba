package loop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

// readOnly is an optional capability: a tool that only reads may run at
// the same time as other read-only calls.
type readOnly interface{ ReadOnly() bool }

// concurrent is an optional capability: a tool whose calls may run beside
// the other calls of a response (task: each subagent bounds itself).
type concurrent interface{ Concurrent() bool }

// knownReadOnly names built-in tools that only read, for tools that do not
// implement ReadOnly themselves.
var knownReadOnly = map[string]bool{"read_file": true, "list_dir": true, "grep": true, "glob": true, "search": true}

type entry struct {
	tool     tool.Tool
	def      llm.ToolDef
	schema   *jsonschema.Resolved // nil: the tool validates its own arguments
	parallel bool
	client   bool // run by the caller (Config.ClientTools), never here
}

// toolset is the tools of one agent, sorted by name so the tool list sent
// is byte-identical on every request and prompt caches hit.
type toolset struct {
	byName map[string]*entry
	defs   []llm.ToolDef
}

func newToolset(tools []tool.Tool) (*toolset, error) {
	ts := &toolset{byName: map[string]*entry{}}
	for _, t := range tools {
		d := t.Definition()
		if d.Name == "" {
			return nil, fmt.Errorf("a tool has no name")
		}
		if _, dup := ts.byName[d.Name]; dup {
			return nil, fmt.Errorf("two tools are named %q", d.Name)
		}
		params := d.Parameters
		if len(bytes.TrimSpace(params)) == 0 {
			params = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		sch, err := compileSchema(d.Name, params)
		if err != nil {
			return nil, err
		}
		e := &entry{tool: t, schema: sch, def: llm.ToolDef{Name: d.Name, Description: d.Description, Parameters: params}}
		if ro, ok := t.(readOnly); ok {
			e.parallel = ro.ReadOnly()
		} else {
			e.parallel = knownReadOnly[d.Name]
		}
		if c, ok := t.(concurrent); ok && c.Concurrent() {
			e.parallel = true
		}
		ts.byName[d.Name] = e
		ts.defs = append(ts.defs, e.def)
	}
	slices.SortFunc(ts.defs, func(a, b llm.ToolDef) int { return strings.Compare(a.Name, b.Name) })
	return ts, nil
}

// schemas holds every compiled tool schema by name and text: an agent is
// built per turn (per API request for hearth serve) and compiling is most
// of that work. Tools come from Hearth and the user's MCP servers, so the
// set stays small.
var schemas sync.Map // name + "\x00" + params → *jsonschema.Resolved

func compileSchema(name string, params json.RawMessage) (*jsonschema.Resolved, error) {
	key := name + "\x00" + string(params)
	if sch, ok := schemas.Load(key); ok {
		return sch.(*jsonschema.Resolved), nil
	}
	sch, err := compileNew(name, params)
	if err == nil {
		schemas.Store(key, sch)
	}
	return sch, err
}

// draftsChecked are the $schema values validated here (none is 2020-12);
// a tool written to another draft (an old MCP server's draft-04) is sent
// as it is and validates its own arguments, as it would without Hearth.
var draftsChecked = map[string]bool{
	"": true, "https://json-schema.org/draft/2020-12/schema": true,
	"http://json-schema.org/draft-07/schema#": true, "https://json-schema.org/draft-07/schema#": true,
	"http://json-schema.org/draft-07/schema": true, "https://json-schema.org/draft-07/schema": true,
}

func compileNew(name string, params json.RawMessage) (*jsonschema.Resolved, error) {
	var head struct {
		Schema string `json:"$schema"`
	}
	if err := json.Unmarshal(params, &head); err != nil {
		return nil, fmt.Errorf("tool %s: its parameter schema is not JSON: %w", name, err)
	}
	if !draftsChecked[head.Schema] {
		return nil, nil
	}
	var doc jsonschema.Schema
	if err := json.Unmarshal(params, &doc); err != nil {
		return nil, fmt.Errorf("tool %s: invalid parameter schema: %w", name, err)
	}
	if doc.Schema == "http://json-schema.org/draft-07/schema" || doc.Schema == "https://json-schema.org/draft-07/schema" {
		doc.Schema += "#" // the library knows the draft's URI only with its fragment
	}
	sch, err := doc.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("tool %s: invalid parameter schema: %w", name, err)
	}
	return sch, nil
}

// check returns the message the model sees when a call cannot run: an
// unknown tool, arguments that are not JSON, or arguments that break the
// schema. "" means the call may run.
func (ts *toolset) check(c llm.ToolCall) string {
	e, ok := ts.byName[c.Name]
	if ok && e.client {
		return fmt.Sprintf("Error: %s is run by the client; call it with a native tool call.", c.Name)
	}
	if !ok {
		what := fmt.Sprintf("there is no tool named %q", c.Name)
		if c.Name == invalidToolName {
			what = "the call had no valid tool name (it was empty or malformed)"
		}
		names := make([]string, 0, len(ts.defs))
		for _, d := range ts.defs {
			names = append(names, d.Name)
		}
		msg := fmt.Sprintf("Error: %s. Available tools: %s.", what, strings.Join(names, ", "))
		if c.RawArgs != "" {
			msg += " Its arguments were not a JSON object either: " + truncate(c.RawArgs, 500)
		}
		return msg
	}
	if msg := c.ArgsError(); msg != "" {
		return fmt.Sprintf("Error: the %s call's %s. You sent: %s", c.Name, msg, truncate(c.RawArgs, 500))
	}
	var v any
	if err := json.Unmarshal(c.Args, &v); err != nil {
		return fmt.Sprintf("Error: the %s call's arguments are not valid JSON: %v", c.Name, err)
	}
	if e.schema == nil {
		return ""
	}
	if err := e.schema.Validate(v); err != nil {
		return fmt.Sprintf("Error: invalid arguments for %s: %s\nFix the arguments to match the tool's schema and call it again.",
			c.Name, strings.TrimSpace(err.Error()))
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Definitions returns the tools' definitions in the order the loop sends
// them, for rendering the system prompt with the same list.
func Definitions(tools []tool.Tool) ([]llm.ToolDef, error) {
	ts, err := newToolset(tools)
	if err != nil {
		return nil, err
	}
	return ts.defs, nil
}
