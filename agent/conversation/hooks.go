package conversation

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/hooks"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/trust"
)

// maxHookOutput bounds a hook's output shown in the transcript.
const maxHookOutput = 4 << 10

// Hooks loads the user's and the (trusted) project's hooks.
func (c *Conversation) Hooks() (*hooks.Set, error) {
	ws := c.Workspace()
	proj, err := c.project(ws)
	if err != nil {
		return nil, err
	}
	return hooksOf(ws, c.home(), proj)
}

func hooksOf(ws, home string, proj *trust.Effective) (*hooks.Set, error) {
	return hooks.Load(hooks.Sources{Home: home, Workspace: ws, Project: proj.Hooks})
}

// HookProblems names hook files or matchers that cannot be used, for a
// headless run to print once (agent/trust's warning names the untrusted).
func (c *Conversation) HookProblems() []string {
	set, err := c.Hooks()
	if err != nil {
		return []string{"hooks: " + err.Error()}
	}
	var out []string
	for _, b := range set.Broken {
		out = append(out, "hooks: "+b)
	}
	return out
}

// hookRan reports one hook run in the turn.
func (t *Turn) hookRan(r hooks.Run) {
	t.report(hookEvent(r, r.ExitCode == 2))
}

// hookEvent is a hook run as the turn's event, its output bounded.
func hookEvent(r hooks.Run, blocked bool) loop.HookRan {
	out := strings.TrimSpace(r.Stdout)
	if e := strings.TrimSpace(r.Stderr); e != "" {
		out = strings.TrimSpace(out + "\n" + e)
	}
	if len(out) > maxHookOutput {
		out = out[:maxHookOutput] + "\n[…]"
	}
	return loop.HookRan{Event: string(r.Event), Command: r.Command, ExitCode: r.ExitCode, Duration: r.Duration,
		Output: out, Problem: r.Problem, Blocked: blocked}
}

// report sends an event of the turn from outside the loop (hooks, a
// command's shell lines): to the stream, and to Run's observer once it
// runs, never at the same time as the loop's own events.
func (t *Turn) report(e loop.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.running {
		t.early(e)
		return
	}
	if t.observe != nil {
		t.observe(e)
	}
	t.stream.event(e)
	if h, ok := e.(loop.HookRan); ok && t.record != nil {
		t.record(h)
	}
}

// promptHooks runs SessionStart (source: startup on a conversation's
// first turn, or resume, clear or compact on the first turn after one) and
// UserPromptSubmit: their context is added to the prompt, a block refuses
// it with the hook's reason. SessionStart waits for a turn because its
// context has nowhere to go before one.
func (c *Conversation) promptHooks(ctx context.Context, t *Turn, source string) error {
	if t.hooks == nil {
		return nil
	}
	in := hooks.Input{SessionID: c.SessionID(), Cwd: t.ws}
	var extra []string
	if source != "" && t.hooks.Has(hooks.SessionStart) {
		in.Source = source
		res := t.hooks.Fire(ctx, hooks.SessionStart, source, in, t.hookRan)
		extra = append(extra, res.Context...)
		in.Source = ""
	}
	if t.hooks.Has(hooks.UserPromptSubmit) {
		in.Prompt = t.prompt
		res := t.hooks.Fire(ctx, hooks.UserPromptSubmit, "", in, t.hookRan)
		if res.Block || res.Halt {
			return &HookBlockedError{Event: string(hooks.UserPromptSubmit), Reason: firstNonEmpty(res.Reason, res.HaltReason)}
		}
		extra = append(extra, res.Context...)
	}
	if len(extra) > 0 {
		t.prompt += "\n\n<hook-context>\n" + strings.Join(extra, "\n\n") + "\n</hook-context>"
	}
	return nil
}

// HookBlockedError is a prompt (or a compaction) a hook refused.
type HookBlockedError struct{ Event, Reason string }

func (e *HookBlockedError) Error() string {
	return fmt.Sprintf("a %s hook blocked this: %s", e.Event, e.Reason)
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// stopHook asks the Stop hooks whether the agent may stop; a block sends
// it back with the hook's reason as the next instruction.
func (t *Turn) stopHook(ctx context.Context, round int) (string, bool) {
	return t.hooks.AskStop(ctx, hooks.Stop, "", hooks.Session{ID: t.c.SessionID(), Workspace: t.ws, Report: t.hookRan}, round)
}

// hookAsker asks the person through the conversation's broker when a hook
// answers "ask"; headless it refuses.
func (c *Conversation) hookAsker(broker *permission.Broker) hooks.Asker {
	if c.cfg.Headless || broker == nil {
		return nil
	}
	return func(ctx context.Context, name, reason string) (bool, error) {
		d, err := broker.Approve(ctx, permission.Request{CallID: tool.CallID(ctx), Tool: name, Kind: permission.Kind("hook"), Reason: reason,
			Headline: "A project hook asks you to confirm " + name})
		if err != nil {
			return false, err
		}
		return d.Choice == permission.AllowOnce || d.Choice == permission.AllowSession, nil
	}
}

// preCompact runs PreCompact hooks before a compaction asked for by
// /compact; a block refuses it.
func (c *Conversation) preCompact(ctx context.Context, focus string) error {
	set, err := c.Hooks()
	if err != nil || !set.Has(hooks.PreCompact) {
		return err
	}
	res := set.Fire(ctx, hooks.PreCompact, "manual", hooks.Input{SessionID: c.SessionID(), Trigger: "manual", CustomInstructions: &focus}, c.hookNotice)
	if res.Block {
		return &HookBlockedError{Event: string(hooks.PreCompact), Reason: res.Reason}
	}
	return nil
}

// hookNotice reports a hook run outside a turn's stream as a notice when
// it failed.
func (c *Conversation) hookNotice(r hooks.Run) {
	if r.Problem != "" {
		c.sink.Notice(errors.New("hook " + r.Command + ": " + r.Problem))
	}
}

// stageHooks runs the prompt's hooks and has the agent's tools run theirs.
func stageHooks(ctx context.Context, p *prep) error {
	return p.c.turnHooks(ctx, p.t, &p.spec, p.broker)
}

// turnHooks loads the session's hooks, runs the prompt's and has the
// agent's tools run theirs.
func (c *Conversation) turnHooks(ctx context.Context, t *Turn, spec *assembly.Spec, broker *permission.Broker) error {
	set, err := hooksOf(t.ws, c.home(), t.project)
	if err != nil {
		return err
	}
	t.hooks = set
	c.mu.Lock()
	source := c.startSource
	if source == "" && len(c.history) == 0 {
		source = "startup"
	}
	c.startSource = ""
	c.mu.Unlock()
	if err := c.promptHooks(ctx, t, source); err != nil {
		return err
	}
	spec.Hooks = set
	spec.HookSession = hooks.Session{ID: c.SessionID(), Workspace: t.ws, Report: t.hookRan, Ask: c.hookAsker(broker)}
	return nil
}

// afterStop lets Stop hooks send the agent back (bounded); the turn's
// result then covers every round.
func (t *Turn) afterStop(ctx context.Context, res loop.Result, emit func(loop.Event), held **loop.TurnDone, record func(string)) loop.Result {
	for round := 0; res.Err == nil && !res.Stopped; round++ {
		reason, again := t.stopHook(ctx, round)
		if !again {
			break
		}
		instruction := "A Stop hook asks you to go on: " + reason
		record(instruction)
		res = t.goOn(ctx, res, instruction, emit, held)
	}
	return res
}

// goOn sends the agent back with instruction after res, adding up the
// rounds so the held done event counts the whole turn.
func (t *Turn) goOn(ctx context.Context, res loop.Result, instruction string, emit func(loop.Event), held **loop.TurnDone) loop.Result {
	next := t.built.Agent.Run(ctx, res.Messages, instruction, emit)
	next.Iterations += res.Iterations
	next.Elapsed += res.Elapsed
	next.Usage.InputTokens += res.Usage.InputTokens
	next.Usage.OutputTokens += res.Usage.OutputTokens
	next.Usage.CachedInputTokens += res.Usage.CachedInputTokens
	next.Cost += res.Cost
	if *held != nil {
		d := **held
		d.Iterations, d.Elapsed, d.Usage, d.Cost = next.Iterations, next.Elapsed, next.Usage, next.Cost
		*held = &d
	}
	return next
}

// notify runs Notification hooks when the agent waits for the person; their
// rows are the waiting turn's, shown and stored with it (a notification
// blocks nothing).
func (c *Conversation) notify(t *Turn, message string) {
	set, err := c.Hooks()
	if err != nil || !set.Has(hooks.Notification) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*hooks.DefaultTimeout)
	defer cancel()
	set.Fire(ctx, hooks.Notification, "", hooks.Input{SessionID: c.SessionID(), Message: message}, func(r hooks.Run) {
		t.report(hookEvent(r, false))
	})
}
