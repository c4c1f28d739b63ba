package conversation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/commands"
	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/undo"
)

// home is the user's home for user commands, skills and hooks.
func (c *Conversation) home() string { return c.cfg.Home }

// Commands loads the workspace's and the user's slash commands (a
// project's only as far as it is trusted).
func (c *Conversation) Commands() (*commands.Set, error) {
	proj, err := c.project(c.Workspace())
	if err != nil {
		return nil, err
	}
	return commands.Load(commands.Sources{Home: c.home(), Project: proj.Commands})
}

// CommandCatalog lists every command the composer can offer: built-ins,
// the user's and the project's files, and the MCP servers' prompts.
func (c *Conversation) CommandCatalog(ctx context.Context) ([]commands.Entry, error) {
	set, err := c.Commands()
	if err != nil {
		return nil, err
	}
	var extra []commands.Entry
	if c.cfg.MCP != nil {
		if m := c.cfg.MCP(); m != nil {
			for _, p := range m.Prompts(ctx) {
				var hint []string
				for _, a := range p.Arguments {
					h := "<" + a.Name + ">"
					if !a.Required {
						h = "[" + a.Name + "]"
					}
					hint = append(hint, h)
				}
				extra = append(extra, commands.Entry{Name: p.Server + ":" + p.Name, Description: p.Description,
					ArgumentHint: strings.Join(hint, " "), Scope: commands.ScopeMCP})
			}
		}
	}
	return commands.Catalog(set, extra), nil
}

// stageCommand runs a prompt naming a command (unless an MCP prompt
// already replaced it): a built-in makes the turn local, a file command's
// expansion becomes the prompt and its front matter shapes the turn.
func stageCommand(ctx context.Context, p *prep) error {
	t := p.t
	if t.prompt == t.typed {
		if err := p.c.slashCommand(ctx, t, p.spec.Tools); err != nil {
			return err
		}
	}
	if t.local != nil {
		t.built = localBuilt
		return nil
	}
	t.applyCommand(&p.spec)
	return nil
}

// slashCommand turns a prompt naming a command into what the turn does: a
// built-in runs locally, a file command's expansion becomes the prompt.
// Anything else (an MCP prompt, plain text) is left as it is.
func (c *Conversation) slashCommand(ctx context.Context, t *Turn, tc tools.Config) error {
	name, args, ok := commands.Split(t.prompt)
	if !ok {
		return nil
	}
	if commands.IsBuiltin(name) {
		return c.builtin(t, commands.Builtin(name), args)
	}
	set, err := commands.Load(commands.Sources{Home: c.home(), Project: t.project.Commands})
	if err != nil {
		return err
	}
	cmd, found := set.Get(name)
	if !found {
		return nil
	}
	root, err := confine.Open(t.ws)
	if err != nil {
		return err
	}
	defer root.Close()
	tc.Workspace = t.ws
	text, err := cmd.Expand(ctx, args, commands.Env{ReadFile: root.ReadFile, Shell: t.shellLine(tc)})
	if err != nil {
		return fmt.Errorf("/%s: %w", name, err)
	}
	t.prompt, t.command = text, &cmd
	return nil
}

// applyCommand runs the turn as a file command's front matter says: on its
// model, with its allowed-tools running unasked for this turn only.
func (t *Turn) applyCommand(spec *assembly.Spec) {
	cmd := t.command
	if cmd == nil {
		return
	}
	if cmd.Model != "" {
		spec.Model = cmd.Model
	}
	rules, ignored := commands.AllowedRules(cmd.AllowedTools)
	spec.Tools.TurnAllow = rules
	if len(ignored) > 0 {
		t.c.sink.Notice(fmt.Errorf("/%s: allowed-tools entries Hearth cannot map were ignored: %s", cmd.Name, strings.Join(ignored, ", ")))
	}
}

// shellLine runs a command's `!` line as a shell tool call, shown in the
// turn like the model's own and judged by the same permission gate.
func (t *Turn) shellLine(tc tools.Config) func(ctx context.Context, line string) (string, error) {
	n := 0
	return func(ctx context.Context, line string) (string, error) {
		set, err := tools.Builtin(tc)
		if err != nil {
			return "", err
		}
		var shell tool.Tool
		for _, x := range set {
			if x.Definition().Name == "shell" {
				shell = x
			}
		}
		n++
		id := fmt.Sprintf("%s-cmd%d", t.id, n)
		args, _ := json.Marshal(tools.ShellParams{Command: line})
		t.report(loop.ToolCallStarted{ID: id, Name: "shell", Args: args})
		start := time.Now()
		cctx := tool.WithProgress(tool.WithCallID(ctx, id), t.stream.progress)
		out, err := shell.Run(cctx, args)
		status := tool.StatusOf(cctx, err)
		shown := out
		if err != nil {
			shown = strings.TrimSpace(out + "\n" + err.Error())
		}
		t.report(loop.ToolCallFinished{ID: id, Name: "shell", Status: status, Output: shown, Duration: time.Since(start)})
		if err != nil {
			return "", err
		}
		return out, nil
	}
}

// early reports an event that happens while the turn is prepared: the
// stream sends it now, and Run hands it to its observer first.
func (t *Turn) early(e loop.Event) {
	t.stream.event(e)
	t.pre = append(t.pre, e)
}

// builtin makes t a local turn performing b.
func (c *Conversation) builtin(t *Turn, b commands.Builtin, args string) error {
	switch b {
	case commands.Init:
		t.prompt = commands.InitPrompt
		if args != "" {
			t.prompt += "\n\n" + args
		}
		return nil
	case commands.Help:
		t.local = func(ctx context.Context) (string, error) { return c.helpText(ctx) }
	case commands.Clear:
		t.local = func(context.Context) (string, error) {
			c.mu.Lock()
			c.sessionID, c.history, c.turns, c.storedTo = "", nil, nil, 0
			c.startSource = "clear"
			c.mu.Unlock()
			c.sink.SessionsChanged()
			return "Started a fresh conversation.", nil
		}
	case commands.Compact:
		t.local = func(ctx context.Context) (string, error) {
			res, err := c.compact(ctx, args)
			if err != nil {
				return "", err
			}
			if !res.Changed {
				return "Nothing to compact: the conversation is already small.", nil
			}
			return fmt.Sprintf("Compacted the conversation: ~%d → ~%d tokens.", res.Before, res.After), nil
		}
	case commands.Undo:
		t.local = func(ctx context.Context) (string, error) { return c.undoLast(ctx) }
	case commands.Model:
		t.local = func(context.Context) (string, error) { return c.switchModel(args) }
	case commands.Mode:
		t.local = func(context.Context) (string, error) { return c.switchMode(args) }
	}
	return nil
}

func (c *Conversation) helpText(ctx context.Context) (string, error) {
	entries, err := c.CommandCatalog(ctx)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("Commands:\n")
	for _, e := range entries {
		line := "/" + e.Name
		if e.ArgumentHint != "" {
			line += " " + e.ArgumentHint
		}
		fmt.Fprintf(&b, "- %s — %s (%s)\n", line, e.Description, e.Scope)
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// undoLast undoes the most recent turn that changed files.
func (c *Conversation) undoLast(ctx context.Context) (string, error) {
	if c.cfg.Undo == nil {
		return "", ErrNoUndo
	}
	c.mu.Lock()
	marks := append([]turnMark(nil), c.turns...)
	c.mu.Unlock()
	for i := len(marks) - 1; i >= 0; i-- {
		id := marks[i].undoID
		if id == "" {
			id = marks[i].id
		}
		ut, err := c.cfg.Undo.Turn(id)
		if err != nil || len(ut.Files()) == 0 {
			continue
		}
		c.through(ut)
		rep, err := ut.Undo(ctx, false)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Undid the changes of %q: %s", marks[i].prompt, undoSummary(rep)), nil
	}
	return "There is no turn with file changes to undo.", nil
}

// switchModel is /model: it sets the model of the conversation's choice,
// as the composer's picker does.
func (c *Conversation) switchModel(name string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if name != "" {
		c.choice.Model = name
		return "This conversation now uses " + name + ".", nil
	}
	_, a := applyChoice(c.cfg.Settings(), c.cfg.Agent, c.choice)
	m := a.Model
	if m == "" {
		m = c.cfg.Settings().ActiveModel
	}
	return "The model is " + m + ". Use /model NAME to switch.", nil
}

// modeNames maps /mode's words, the picker's and the CLI's, onto the
// picker's approval modes.
var modeNames = map[string]string{"plan": ModePlan, "ask": "ask", "never": "ask", "edits": "edits", "auto": "auto", "all": "auto"}

// switchMode is /mode: it sets the approval mode of the conversation's
// choice, as the composer's picker does.
func (c *Conversation) switchMode(mode string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if mode == "" {
		m := c.choice.Mode
		if m == "" {
			m = c.cfg.Settings().ApprovalMode
		}
		return "Mode: " + m + " (plan, ask, edits or auto).", nil
	}
	m, ok := modeNames[mode]
	if !ok {
		return "", inputf("mode", fmt.Sprintf("unknown mode %q: use plan, ask, edits or auto", mode))
	}
	c.choice.Mode = m
	return "Approval mode: " + m + ".", nil
}

// runLocal runs a built-in command's turn: its text is the answer and the
// conversation's history does not change.
func (t *Turn) runLocal(ctx context.Context, observe func(loop.Event)) loop.Result {
	start := time.Now()
	text, err := t.local(ctx)
	emit := func(e loop.Event) {
		if observe != nil {
			observe(e)
		}
		t.stream.event(e)
	}
	res := loop.Result{Text: text, Elapsed: time.Since(start)}
	if err != nil {
		res.Err = err
		class := llm.Class("invalid_request")
		var in *InputError
		if !errors.As(err, &in) && errors.Is(err, ErrNoUndo) {
			class = "unavailable"
		}
		emit(loop.TurnError{Class: class, Message: err.Error()})
	} else {
		emit(loop.TextDelta{Text: text})
	}
	emit(loop.TurnDone{Text: text, Elapsed: res.Elapsed})
	return res
}

// localBuilt stands in for an agent on a turn that runs no model.
var localBuilt = &assembly.Built{}

func undoSummary(r *undo.Report) string {
	parts := []string{fmt.Sprintf("%d restored, %d removed", len(r.Restored), len(r.Deleted))}
	if len(r.Conflicts) > 0 {
		parts = append(parts, fmt.Sprintf("%d changed since and left alone: %s", len(r.Conflicts), strings.Join(r.Conflicts, ", ")))
	}
	return strings.Join(parts, "; ") + "."
}
