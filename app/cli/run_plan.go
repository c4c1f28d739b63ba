package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/loop"
)

// planFlags adds run's plan-mode flags.
func (o *runOptions) planFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.mode, "mode", "", "plan: only read and search, then print the model's plan without changing anything")
	fs.BoolVar(&o.approvePlan, "approve-plan", false, "with --mode plan: approve the plan and carry it out under --approve")
}

// checkPlanFlags validates them ("" when they are fine).
func (o *runOptions) checkPlanFlags() string {
	switch {
	case o.mode != "" && o.mode != conversation.ModePlan:
		return fmt.Sprintf("--mode must be plan, not %q", o.mode)
	case o.approvePlan && o.mode != conversation.ModePlan:
		return "--approve-plan needs --mode plan"
	}
	return ""
}

// approvedMode is the conversation mode an approved plan runs in: the one
// --approve names.
func approvedMode(approve string) string {
	switch approve {
	case "edits":
		return conversation.ModeEdits
	case "all":
		return conversation.ModeAuto
	}
	return conversation.ModeAsk
}

// finishPlan prints the plan a plan-mode turn proposed and, with
// --approve-plan, carries it out as a second turn. It returns the exit
// code and whether it decided it.
func finishPlan(ctx context.Context, env *Env, conv *conversation.Conversation, out *runPrinter, o *runOptions, first loop.Result) (int, bool) {
	if o.mode != conversation.ModePlan || first.Stopped || first.Err != nil {
		return 0, false
	}
	plan := conv.PendingPlan()
	if plan == "" {
		if o.approvePlan {
			return failure(env, "run", errors.New("the model proposed no plan to approve")), true
		}
		return 0, false
	}
	out.plan(plan)
	if !o.approvePlan {
		return ExitOK, true
	}
	instruction, err := conv.ApprovePlan(approvedMode(o.approve))
	if err != nil {
		return failure(env, "run", err), true
	}
	if !out.json {
		fmt.Fprintln(env.Stdout, "\nTodo list:")
	}
	out.todoList()
	turn, err := conv.Prepare(ctx, instruction)
	if err != nil {
		return failure(env, "run", errors.New(out.red.String(err.Error()))), true
	}
	res, err := turn.Run(ctx, out.event)
	switch {
	case err != nil:
		return failure(env, "run", err), true
	case res.Stopped:
		return ExitInterrupted, true
	case res.Err != nil:
		return ExitFailure, true
	}
	return ExitOK, true
}

// plan prints a proposed plan: a plan event, or the Markdown.
func (p *runPrinter) plan(markdown string) {
	if p.json {
		p.line(map[string]any{"type": "plan", "markdown": p.red.String(markdown)})
		return
	}
	p.endRow()
	fmt.Fprintf(p.env.Stdout, "\nProposed plan:\n\n%s\n", p.shown(markdown))
	fmt.Fprintln(p.env.Stderr, "hearth run: nothing was changed; run again with --approve-plan to carry the plan out")
}
