package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/tool"
)

// LoadToolsName is the name of the tool that loads held-back tools.
const LoadToolsName = "load_tools"

// loadedSet is the names of the held-back tools a chat session loaded, so
// a later turn offers them from its first request.
type loadedSet struct {
	mu    sync.Mutex
	names []string
}

func (l *loadedSet) add(names []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, n := range names {
		if !slices.Contains(l.names, n) {
			l.names = append(l.names, n)
		}
	}
}

func (l *loadedSet) has(name string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Contains(l.names, name)
}

// Deferred holds tools back from the model until it asks for them with
// load_tools, so a small context window is not spent on the definitions
// of tools a task may never need. The caller offers Loaded (refreshed
// between requests, as MCP tools are) beside LoadTool.
type Deferred struct {
	held   []tool.Tool
	loaded *loadedSet
}

// NewDeferred holds back held; what the model loads is kept in state
// (nil: for this Deferred alone).
func NewDeferred(held []tool.Tool, state *State) *Deferred {
	d := &Deferred{held: held, loaded: &loadedSet{}}
	if state != nil && state.loaded != nil {
		d.loaded = state.loaded
	}
	return d
}

// Offered is what the model is given now: the tools it loaded and, while
// any is still held back, load_tools. A nil Deferred offers nothing.
func (d *Deferred) Offered() []tool.Tool {
	out := d.Loaded()
	if lt := d.LoadTool(); lt != nil {
		out = append(out, lt)
	}
	return out
}

// Loaded are the held tools loaded so far, in the order they were held.
func (d *Deferred) Loaded() []tool.Tool {
	if d == nil {
		return nil
	}
	var out []tool.Tool
	for _, t := range d.held {
		if d.loaded.has(t.Definition().Name) {
			out = append(out, t)
		}
	}
	return out
}

// LoadTool is load_tools, or nil when every held tool is loaded.
func (d *Deferred) LoadTool() tool.Tool {
	if d == nil || len(d.Loaded()) == len(d.held) {
		return nil
	}
	return &loadTools{d: d}
}

type loadTools struct{ d *Deferred }

var _ tool.Tool = (*loadTools)(nil)

// Definition lists each held tool with the first clause of its
// description, which is all the model needs to know it is there.
func (t *loadTools) Definition() tool.Definition {
	var b strings.Builder
	b.WriteString("Load more tools; they can be called from your next step:")
	var names []string
	for _, h := range t.d.held {
		def := h.Definition()
		first := def.Description
		if i := strings.IndexAny(first, ".,:;"); i > 0 {
			first = first[:i]
		}
		fmt.Fprintf(&b, "\n- %s: %s", def.Name, first)
		names = append(names, def.Name)
	}
	enum, _ := json.Marshal(names)
	return tool.Definition{Name: LoadToolsName, Description: b.String(),
		Parameters: json.RawMessage(`{"type":"object","properties":{"names":{"type":"array","items":{"enum":` + string(enum) + `}}},"required":["names"]}`)}
}

// ReadOnly lets it run beside other reads: it changes only what is offered.
func (t *loadTools) ReadOnly() bool { return true }

func (t *loadTools) Run(_ context.Context, args json.RawMessage) (string, error) {
	var p struct {
		Names []string `json:"names"`
	}
	if err := decode(LoadToolsName, args, &p); err != nil {
		return "", err
	}
	var found, unknown []string
	for _, n := range p.Names {
		if slices.ContainsFunc(t.d.held, func(h tool.Tool) bool { return h.Definition().Name == n }) {
			found = append(found, n)
		} else {
			unknown = append(unknown, n)
		}
	}
	switch {
	case len(unknown) > 0:
		return "", fmt.Errorf("load_tools: no held-back tool named %s; these can be loaded: %s",
			strings.Join(unknown, ", "), strings.Join(t.names(), ", "))
	case len(found) == 0:
		return "", fmt.Errorf("load_tools: name the tools to load; these can be loaded: %s", strings.Join(t.names(), ", "))
	}
	t.d.loaded.add(found)
	return fmt.Sprintf("Loaded %s: call them from your next step.", strings.Join(found, ", ")), nil
}

func (t *loadTools) names() []string {
	out := make([]string, len(t.d.held))
	for i, h := range t.d.held {
		out[i] = h.Definition().Name
	}
	return out
}
