// Package tools holds Hearth's built-in workspace tools: reading, listing,
// searching, editing and writing files, running shell commands, and the
// agent's todo list. Every path goes through agent/confine, every change
// through agent/permission.
package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// ApproveMode is how much runs without asking: "never" (nothing that asks;
// with no Approver it is denied), "edits" (edits are auto-approved), "all"
// (everything except the always-ask cases).
type ApproveMode string

const (
	ApproveNever ApproveMode = "never"
	ApproveEdits ApproveMode = "edits"
	ApproveAll   ApproveMode = "all"
)

// Approver is asked when a call needs a human decision.
type Approver = permission.Approver

// Snapshotter records a file before the first change in a turn so the turn
// can be undone. Before is called with the absolute path before every write
// or edit; it must be idempotent within a turn.
type Snapshotter interface {
	Before(ctx context.Context, absPath string) error
}

// ShellSnapshotter is an optional capability of a Snapshotter: a shell
// command may touch any file, so the workspace's state is recorded before it
// runs; the returned ShellDone is called when it has ended (also after a
// timeout or cancel) and reports the files the command changed.
type ShellSnapshotter interface {
	BeforeShell(ctx context.Context) (ShellDone, error)
}

// ShellDone finishes a shell snapshot and lists the workspace-relative
// files the command created, changed or deleted.
type ShellDone func(ctx context.Context) (changed []string, err error)

// Config configures the tools of one agent session. Tools built from one
// Config share the session's state: which files were read, the approvals
// granted for the session, the todo list.
type Config struct {
	Workspace string      // directory the tools are confined to (required)
	Approve   ApproveMode // "" means never
	Approver  Approver    // nil: whatever asks is denied (headless)
	Snapshot  Snapshotter // nil: no snapshots
	// Files is where the file tools read and write content; nil is the
	// workspace on disk. Paths are confined before it is asked.
	Files FileAccess
	// Terminal runs approved shell commands (an editor's); nil runs every
	// command as Hearth's own child.
	Terminal Terminal
	// AllowProtectedWrites lets edits reach .git/ and .hearth/ (the user
	// asked for it explicitly).
	AllowProtectedWrites bool
	// Env is the shell's base environment; nil means os.Environ(). Provider
	// keys are removed from it either way.
	Env []string
	// Policy holds the workspace's saved rules as agent/trust judged them
	// (allow rules only when trusted); nil is the defaults alone.
	Policy *permission.Policy
	// TurnAllow are allow rules for this turn only (a slash command's
	// allowed-tools), after the saved rules, so a deny or ask rule still wins.
	TurnAllow []permission.Rule
	// ContainApproved runs approved shell commands in the sandbox too
	// (writing only the workspace and a temp dir); commands judged
	// read-only always run in it where the system has one.
	ContainApproved bool
	// Search is the knowledge index; nil leaves the search tool out.
	Search Searcher
	// MCP are tools of MCP servers; each call passes the permission gate
	// as kind mcp, named as the model sees it.
	MCP []tool.Tool
	// Todos receives the agent's checklist; nil gives the session its own.
	Todos *TodoList
	// Changed is told, synchronously, the absolute paths of files a tool
	// wrote or a shell command changed (when a ShellSnapshotter saw them),
	// so the knowledge index is fresh before the call returns. May be nil.
	Changed func(ctx context.Context, abs []string)
	// State carries a chat session across turns: the files the model has
	// seen (for stale-edit protection) and "allow for this session"
	// grants. Build tools per turn with the same State; nil makes this
	// Builtin call a session of its own.
	State *State
	// Planning is plan mode: only calls that cannot change anything run
	// (see permission.Gate.SetPlanning) and propose_plan is offered, its
	// plan handed to Proposed.
	Planning bool
	Proposed func(ctx context.Context, markdown string)
	// ReadOnlyMCP are MCP tool name patterns the person marked read-only,
	// the only MCP tools plan mode lets run.
	ReadOnlyMCP []string
	// Diagnoser reports what the workspace's language servers say of the
	// files edit_file and write_file change, and backs the diagnostics and
	// lsp tools; nil has none of it.
	Diagnoser Diagnoser
	// Web offers web_fetch (and web_search when configured), asked per
	// domain; nil offers neither.
	Web *Web
	// Processes are the conversation's background processes: shell's
	// background flag starts them, process_output and process_stop are
	// offered, and each result tells of ports opened and exits. Nil offers
	// no background commands.
	Processes *Processes
	// TurnEnd collects what the turn's end must finish (the undo snapshots
	// around background commands); nil leaves those files out of undo.
	TurnEnd *TurnEnd
}

// State is what a chat session keeps between the tool sets of its turns.
type State struct {
	reads  *readTracker
	grants *permission.Grants
	loaded *loadedSet // tools the model loaded with load_tools
}

// NewState returns the state of a new chat session.
func NewState() *State {
	return &State{reads: newReadTracker(), grants: &permission.Grants{}, loaded: &loadedSet{}}
}

// Grants are the session's "allow for this session" decisions, whose
// Revoke takes effect at the next call.
func (s *State) Grants() *permission.Grants { return s.grants }

// session is the state the tools of one Config share.
type session struct {
	root     *confine.Root
	ignore   *ignore.Matcher
	reads    *readTracker
	gate     *permission.Gate
	snapshot Snapshotter
	files    FileAccess
	terminal Terminal
	changed  func(ctx context.Context, abs []string)
	// diagnoser: see Config.Diagnoser.
	diagnoser Diagnoser
	env       []string
	// containApproved: see Config.ContainApproved.
	containApproved bool
	procs           *Processes
	turnEnd         *TurnEnd
	// changeMu serialises edits and writes so two parallel calls cannot
	// both pass the stale check against the same content.
	changeMu sync.Mutex
}

// Builtin returns the built-in tools for one session.
func Builtin(cfg Config) ([]tool.Tool, error) {
	set, err := NewSet(cfg)
	if err != nil {
		return nil, err
	}
	return set.Tools, nil
}

// Set is the tools of one session, and the way to put MCP tools that
// appear later (a server's tools/list_changed mid-turn) behind the same
// gate, grants and snapshots.
type Set struct {
	Tools []tool.Tool
	s     *session
}

// GateMCP returns MCP tools behind the session's permission gate, as
// Config.MCP would have put them.
func (set *Set) GateMCP(mcp []tool.Tool) []tool.Tool {
	out := make([]tool.Tool, 0, len(mcp))
	for _, t := range mcp {
		out = append(out, gatedMCP{t: t, s: set.s})
	}
	return out
}

// NewSet is Builtin with the session kept for GateMCP.
func NewSet(cfg Config) (*Set, error) {
	s, err := newSession(cfg)
	if err != nil {
		return nil, err
	}
	todos := cfg.Todos
	if todos == nil {
		todos = &TodoList{}
	}
	out := []tool.Tool{
		&ReadFile{s: s},
		&ListDir{s: s},
		&Glob{s: s},
		&Grep{s: s},
		&WriteFile{s: s},
		&EditFile{s: s},
		&Shell{s: s},
		&Todo{list: todos},
	}
	if cfg.Search != nil {
		out = append(out, &Search{index: cfg.Search, s: s})
	}
	if cfg.Diagnoser != nil && cfg.Diagnoser.Available() {
		out = append(out, &Diagnostics{s: s}, &LSP{s: s})
	}
	out = append(out, webTools(cfg.Web, s)...)
	if cfg.Processes != nil {
		out = append(out, &ProcessOutput{procs: cfg.Processes}, &ProcessStop{procs: cfg.Processes})
		for i, t := range out {
			out[i] = withNews{Tool: t, procs: cfg.Processes}
		}
	}
	set := &Set{s: s}
	out = append(out, set.GateMCP(cfg.MCP)...)
	if cfg.Planning {
		s.gate.SetPlanning(cfg.ReadOnlyMCP)
		out = append(out, &ProposePlan{proposed: cfg.Proposed})
	}
	set.Tools = out
	return set, nil
}

func newSession(cfg Config) (*session, error) {
	if cfg.Workspace == "" {
		return nil, errors.New("tools: no workspace directory")
	}
	mode, err := permission.ParseMode(string(cfg.Approve))
	if err != nil {
		return nil, fmt.Errorf("tools: %w", err)
	}
	var opts []confine.Option
	if cfg.AllowProtectedWrites {
		opts = append(opts, confine.AllowProtectedWrites())
	}
	root, err := confine.Open(cfg.Workspace, opts...)
	if err != nil {
		return nil, fmt.Errorf("tools: %w", err)
	}
	policy := cfg.Policy
	if policy == nil {
		policy = &permission.Policy{}
	}
	if len(cfg.TurnAllow) > 0 {
		p := permission.Policy{Rules: append(slices.Clone(policy.Rules), cfg.TurnAllow...)}
		policy = &p
	}
	state := cfg.State
	if state == nil {
		state = NewState()
	}
	m, err := ignore.Load(root.Dir(), ignore.Options{})
	if err != nil {
		return nil, fmt.Errorf("tools: ignore rules: %w", err)
	}
	s := &session{
		root:      root,
		ignore:    m,
		reads:     state.reads,
		gate:      permission.NewGate(*policy, mode, cfg.Approver, root.Dir(), state.grants),
		snapshot:  cfg.Snapshot,
		files:     cfg.Files,
		terminal:  cfg.Terminal,
		changed:   cfg.Changed,
		diagnoser: cfg.Diagnoser,
		env:       childEnv(cfg.Env),

		containApproved: cfg.ContainApproved,
		procs:           cfg.Processes,
		turnEnd:         cfg.TurnEnd,
	}
	if s.files == nil {
		s.files = diskFiles{root: root}
	}
	s.gate.SetShellPath(envValue(s.env, "PATH"))
	// The tools have no Close in their contract: release the directory
	// handle when the session's tools are garbage.
	runtime.AddCleanup(s, func(r *confine.Root) { r.Close() }, root)
	return s, nil
}

// decode parses a tool's arguments strictly so a misspelt field is reported
// instead of silently ignored.
func decode(name string, args json.RawMessage, v any) error {
	if len(bytes.TrimSpace(args)) == 0 {
		args = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid arguments for %s: %w", name, err)
	}
	return nil
}

func definition(name, description, schema string) tool.Definition {
	return tool.Definition{Name: name, Description: description, Parameters: json.RawMessage(schema)}
}
