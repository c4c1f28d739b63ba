package conversation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hearth-agent/hearth/agent/check"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/trust"
)

// checkEvent names the check's rows, shown like a hook's; a check not
// run has exit code -1, as a hook's.
const checkEvent = "Check"

// checkTimeout bounds one run of the check command.
const checkTimeout = 10 * time.Minute

// turnCheck is the project check of one turn: the command, whether the
// person still has to confirm it, and whether the turn edited files.
type turnCheck struct {
	command string
	// unconfirmed is a proposed command the person has not agreed to for
	// the folder at where (the turn's, or its worktree's origin), whose
	// identity is folder.
	unconfirmed   bool
	where, folder string
	// held says why the project's own check (command) is not in effect.
	held   string
	rounds int
	broker *permission.Broker
	edited atomic.Bool
}

// stageCheck picks the turn's check command: the project's (trusted), or
// when no language server reports on edits, the one the folder suggests;
// every change a tool makes marks the turn as edited.
func stageCheck(_ context.Context, p *prep) error {
	st := p.spec.Settings.Check
	proj := p.t.project
	if st.Off || proj == nil || p.t.ws == "" {
		return nil
	}
	chk := &turnCheck{rounds: st.FixRounds(), broker: p.broker}
	switch {
	case proj.Check != "":
		chk.command = proj.Check
	case proj.CheckHeld != "":
		chk.held, chk.command = proj.CheckHeld, proj.HeldCheck
	default:
		if d := p.spec.Tools.Diagnoser; d != nil && d.Available() {
			return nil
		}
		chk.command = check.Propose(p.t.ws, exec.LookPath)
		if chk.command == "" {
			return nil
		}
		chk.where, chk.folder = p.t.ws, proj.Folder
		if o := p.c.cfg.Origin; o != "" { // a worktree's check is its folder's
			chk.where, chk.folder = o, trust.FolderOf(o)
		}
		chk.unconfirmed = !st.IsConfirmed(chk.where, chk.folder, chk.command) && !p.c.checkConfirmed(chk.where, chk.folder, chk.command)
	}
	prev := p.spec.Tools.Changed
	p.spec.Tools.Changed = func(ctx context.Context, abs []string) {
		chk.edited.Store(true)
		if prev != nil {
			prev(ctx, abs)
		}
	}
	p.t.check = chk
	return nil
}

// afterCheck runs the check once the agent would stop after editing
// files; a failure sends it back with the output's tail, at most rounds
// times, each run its own row.
func (t *Turn) afterCheck(ctx context.Context, res loop.Result, emit func(loop.Event), held **loop.TurnDone, record func(string)) loop.Result {
	chk := t.check
	if chk == nil || !chk.edited.Load() || res.Err != nil || res.Stopped || ctx.Err() != nil {
		return res
	}
	if chk.held != "" {
		t.report(loop.HookRan{Event: checkEvent, Command: chk.command, ExitCode: -1, Problem: "not run: " + chk.held})
		return res
	}
	if chk.unconfirmed && !t.confirmCheck(ctx, chk) {
		return res
	}
	for round := 1; ; round++ {
		row, out, failed := t.runCheck(ctx, chk.command, round)
		if !failed || ctx.Err() != nil {
			t.report(row)
			return res
		}
		if round > chk.rounds {
			row.Problem = fmt.Sprintf("still failing after %s; the agent is not sent back again", plural(chk.rounds, "fix round"))
			t.report(row)
			return res
		}
		row.Blocked = true
		row.Problem = fmt.Sprintf("failed: the agent goes back to fix it (round %d of %d)", round, chk.rounds)
		t.report(row)
		instruction := check.Instruction(chk.command, out, round, chk.rounds)
		record(instruction)
		res = t.goOn(ctx, res, instruction, emit, held)
		if res.Err != nil || res.Stopped {
			return res
		}
	}
}

// runCheck runs the command through the turn's shell tool, so the shell
// rules, approvals and the sandbox apply as to the agent's own commands.
// failed is a run that exited non-zero; a command not run (refused,
// timed out) is a row with its problem and is not sent to the model.
func (t *Turn) runCheck(ctx context.Context, command string, round int) (row loop.HookRan, out string, failed bool) {
	row = loop.HookRan{Event: checkEvent, Command: command}
	if t.built == nil || t.built.Shell == nil {
		row.ExitCode, row.Problem = -1, "not run: no shell to run it"
		return row, "", false
	}
	args, _ := json.Marshal(tools.ShellParams{Command: command, TimeoutSeconds: int(checkTimeout / time.Second)})
	ctx = tool.WithCallID(ctx, fmt.Sprintf("check-%s-%d", t.id, round))
	start := time.Now()
	out, err := t.built.Shell.Run(ctx, args)
	row.Duration = time.Since(start)
	row.Output = check.Tail(out, maxHookOutput)
	code, exited := tool.ExitCode(err)
	row.ExitCode = code
	switch {
	case err == nil:
		return row, out, false
	case exited:
		return row, out, true
	}
	row.ExitCode = -1
	row.Problem = "not run: " + err.Error()
	var denied *tool.DeniedError
	if errors.As(err, &denied) {
		row.Problem = "not run: the shell rules refused it"
	}
	return row, "", false
}

// confirmCheck asks the person once whether the proposed command may be
// the project's check; a headless run has nobody to ask, so it runs it
// only with --approve all.
func (t *Turn) confirmCheck(ctx context.Context, chk *turnCheck) bool {
	c := t.c
	if c.cfg.Headless || chk.broker == nil {
		if c.cfg.Approve == tools.ApproveAll {
			return true
		}
		t.report(loop.HookRan{Event: checkEvent, Command: chk.command, ExitCode: -1,
			Problem: "proposed for this project and not confirmed, so not run (confirm it in Hearth, or run with --approve all)"})
		return false
	}
	d, err := chk.broker.Approve(ctx, permission.Request{CallID: fmt.Sprintf("check-%s", t.id), Tool: "check", Kind: permission.Kind("check"),
		Command: chk.command, Reason: "no language server reports on these files",
		Headline: "Check this project with " + chk.command + " after turns that edit files?"})
	if err != nil || (d.Choice != permission.AllowOnce && d.Choice != permission.AllowSession) {
		t.report(loop.HookRan{Event: checkEvent, Command: chk.command, ExitCode: -1, Problem: "not confirmed, so not run"})
		return false
	}
	c.mu.Lock()
	if c.checksOK == nil {
		c.checksOK = map[string]bool{}
	}
	c.checksOK[checkKey(chk.where, chk.folder, chk.command)] = true
	c.mu.Unlock()
	if c.cfg.Update != nil {
		if _, err := c.cfg.Update(func(s *settings.Settings) error { s.Check.Confirm(chk.where, chk.folder, chk.command); return nil }); err != nil {
			c.sink.Notice(fmt.Errorf("the check's confirmation was not saved: %w", err))
		}
	}
	return true
}

// checkConfirmed says whether the person confirmed command for the folder
// at ws in this conversation.
func (c *Conversation) checkConfirmed(ws, folder, command string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.checksOK[checkKey(ws, folder, command)]
}

func checkKey(ws, folder, command string) string {
	return ws + "\x00" + folder + "\x00" + command
}

// plural is "1 fix round" or "2 fix rounds".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, strings.TrimSuffix(what, "s"))
}
