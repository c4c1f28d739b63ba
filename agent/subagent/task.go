package subagent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Name is the task tool's name.
const Name = "task"

// DefaultParallel is how many subagents run at once by default.
const DefaultParallel = 3

// notForSubagents are the main agent's own tools: a subagent starts no
// subagents, proposes no plan and keeps no todo list of the main agent's.
var notForSubagents = []string{Name, "propose_plan", "todo"}

// Config is what the task tool needs from the main agent.
type Config struct {
	// Base is the main agent's loop configuration (client, model, prices,
	// limits); each subagent gets a copy with its own prompt and tools.
	Base      loop.Config
	FastModel string // the provider's fast model, "" when none is set
	// Tools are the main agent's tools; a subagent gets some or all of
	// them, so it never has more than the main agent.
	Tools     []tool.Tool
	Agents    []Def
	Workspace string
	// MaxParallel bounds the subagents running at once (DefaultParallel).
	MaxParallel int
	// Stop, when set, is asked as a subagent finishes (SubagentStop hooks):
	// again sends it back with the instruction; round counts the times it did.
	Stop func(ctx context.Context, agent string, round int) (instruction string, again bool)
}

// Task is the task tool.
type Task struct {
	cfg Config
	sem chan struct{}
}

// NewTask builds the task tool.
func NewTask(cfg Config) *Task {
	if cfg.MaxParallel <= 0 {
		cfg.MaxParallel = DefaultParallel
	}
	return &Task{cfg: cfg, sem: make(chan struct{}, cfg.MaxParallel)}
}

// Concurrent says several task calls of one response run together.
func (t *Task) Concurrent() bool { return true }

// Definition implements tool.Tool.
func (t *Task) Definition() tool.Definition {
	var b strings.Builder
	b.WriteString("Give a self-contained task to a subagent with a fresh context; only its answer comes back, so it saves your context. The prompt must say everything: it cannot see this conversation. Agents:")
	names := make([]string, len(t.cfg.Agents))
	for i, d := range t.cfg.Agents {
		fmt.Fprintf(&b, "\n- %s: %s", d.Name, d.Description)
		names[i] = d.Name
	}
	agent := `{"type":"string"}`
	if len(names) > 0 {
		enum, _ := json.Marshal(names)
		agent = `{"enum":` + string(enum) + `}`
	}
	return tool.Definition{Name: Name, Description: b.String(), Parameters: json.RawMessage(`{"type":"object","properties":{` +
		`"agent":` + agent + `,"description":{"type":"string","description":"3-7 words for the user"},"prompt":{"type":"string"}},` +
		`"required":["agent","description","prompt"]}`)}
}

// Params are task's arguments.
type Params struct {
	Agent       string `json:"agent"`
	Description string `json:"description"`
	Prompt      string `json:"prompt"`
}

// Run implements tool.Tool: it runs the subagent to its end.
func (t *Task) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p Params
	if err := json.Unmarshal(args, &p); err != nil {
		return "", fmt.Errorf("invalid arguments for task: %w", err)
	}
	i := slices.IndexFunc(t.cfg.Agents, func(d Def) bool { return d.Name == p.Agent })
	if i < 0 {
		return "", notFound(p.Agent, t.cfg.Agents)
	}
	def := t.cfg.Agents[i]
	if strings.TrimSpace(p.Prompt) == "" {
		return "", errors.New("task: prompt is empty; give the subagent its whole task")
	}
	agent, err := t.agent(def)
	if err != nil {
		return "", err
	}
	select {
	case t.sem <- struct{}{}:
		defer func() { <-t.sem }()
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return t.run(ctx, def, agent, p)
}

// agent builds the subagent's loop: its own prompt, tools and model.
func (t *Task) agent(def Def) (*loop.Agent, error) {
	tools := t.toolsFor(def)
	cfg := t.cfg.Base
	cfg.Tools, cfg.TextProtocolSystem = tools, ""
	var err error
	cfg.System, err = prompt.Subagent(prompt.SubagentData{Name: def.Name, Workspace: t.cfg.Workspace, OS: runtime.GOOS,
		Date: time.Now(), Instructions: def.Instructions})
	if err != nil {
		return nil, err
	}
	model := def.Model
	if def.Fast && t.cfg.FastModel != "" {
		model = t.cfg.FastModel
	}
	if model != "" && model != cfg.Model {
		cfg.Model = model
		cfg.Pricing, _ = llm.LookupModel(model)
		cfg.Window = cfg.Pricing.Context
	}
	return loop.New(cfg)
}

// toolsFor picks the main agent's tools the definition allows.
func (t *Task) toolsFor(def Def) []tool.Tool {
	var out []tool.Tool
	for _, tl := range t.cfg.Tools {
		name := tl.Definition().Name
		if slices.Contains(notForSubagents, name) || (def.Tools != nil && !slices.Contains(def.Tools, name)) {
			continue
		}
		out = append(out, tl)
	}
	return out
}

// run runs the subagent and words its outcome for the main agent. A call
// the person (or a rule) denies ends the subagent, as its failure.
func (t *Task) run(ctx context.Context, def Def, agent *loop.Agent, p Params) (string, error) {
	sub, cancel := context.WithCancel(tool.WithAgent(ctx, def.Name))
	defer cancel()
	var mu sync.Mutex
	changed := map[string]bool{}
	sub = tool.WithChangeLog(sub, func(abs []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, a := range abs {
			changed[a] = true
		}
	})
	callID, report := tool.CallID(ctx), eventsOf(ctx)
	var denied string
	emit := func(e loop.Event) {
		if f, ok := e.(loop.ToolCallFinished); ok && f.Status == tool.StatusDenied && denied == "" {
			denied = f.Name + ": " + strings.TrimPrefix(f.Output, "Error: ")
			cancel()
		}
		if report != nil {
			report(Event{CallID: callID, Agent: def.Name, Description: p.Description, Event: e})
		}
	}
	res := agent.Run(sub, nil, p.Prompt, emit)
	for round := 0; t.cfg.Stop != nil && res.Err == nil && !res.Stopped && denied == "" && sub.Err() == nil; round++ {
		instruction, again := t.cfg.Stop(sub, def.Name, round)
		if !again {
			break
		}
		res = agent.Run(sub, res.Messages, "A SubagentStop hook asks you to go on: "+instruction, emit)
	}
	files := t.relative(changed)
	switch {
	case ctx.Err() != nil:
		return "", ctx.Err()
	case denied != "":
		return "", fmt.Errorf("subagent %s failed: a call was refused (%s)%s", def.Name, denied, filesNote(files))
	case res.Err != nil:
		return res.Text, fmt.Errorf("subagent %s failed: %v%s", def.Name, res.Err, filesNote(files))
	}
	return res.Text + filesNote(files), nil
}

func (t *Task) relative(set map[string]bool) []string {
	var out []string
	for abs := range set {
		if rel, err := filepath.Rel(t.cfg.Workspace, abs); err == nil {
			abs = filepath.ToSlash(rel)
		}
		out = append(out, abs)
	}
	slices.Sort(out)
	return out
}

func filesNote(files []string) string {
	if len(files) == 0 {
		return ""
	}
	return "\n\n[files changed by the subagent: " + strings.Join(files, ", ") + "]"
}
