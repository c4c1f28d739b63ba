package conversation

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tools"
)

// prep is what a turn's stages share while it is prepared: the turn, the
// conversation's state as the turn began, and the spec its agent is
// built from (spec.Tools are the turn's tools).
type prep struct {
	c      *Conversation
	t      *Turn
	broker *permission.Broker
	todos  *tools.TodoList
	state  *tools.State
	procs  *process.Table
	spec   assembly.Spec
	// started is when the turn was announced, kept by the announcement of
	// what the model is sent.
	started int64
	// files are the prompt's attachments as the person gave them.
	files []File
}

// stage is one named step of preparing a turn; a feature that changes
// how a turn is prepared adds one where it belongs in turnStages.
type stage struct {
	name string
	// local stages run for a built-in command's turn too, which runs no
	// model; the others only for a turn that goes to the model.
	local bool
	run   func(ctx context.Context, p *prep) error
}

// turnStages prepare a turn, in order: each may read what the ones before
// it set (a command's expansion is the prompt hooks see, hooks run before
// the agent is built with them, resources attach once the model's wire is
// known).
var turnStages = []stage{
	{"tools", true, stageTools},
	{"mode", true, stageMode},
	{"project", true, stageProject},
	{"undo", true, stageUndo},
	{"index", true, stageIndex},
	{"languages", false, stageLanguages},
	{"check", false, stageCheck},
	{"subagents", true, stageSubagents},
	{"mcp", true, stageMCP},
	{"mcp-prompt", true, stageMCPPrompt},
	{"command", true, stageCommand},
	{"mentions", false, stageMentions},
	{"hooks", false, stageHooks},
	{"sent", false, stageSent},
	{"skills", false, stageSkills},
	{"web", false, stageWeb},
	{"build", false, stageBuild},
	{"resources", false, stageResources},
	{"todos", false, stageTodos},
	{"attachments", true, stageAttachments},
}

// runStages runs turnStages on p, stopping at the first that fails; once
// the turn runs locally (a built-in command) only local stages run.
func runStages(ctx context.Context, p *prep, stages []stage) error {
	for _, s := range stages {
		if p.t.local != nil && !s.local {
			continue
		}
		if err := s.run(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// stageTools starts the turn's tools: the approval mode (the front-end's,
// else the settings'), the conversation's todo list, reads and grants, and
// the broker that asks the person unless nobody watches.
func stageTools(_ context.Context, p *prep) error {
	tc := &p.spec.Tools
	tc.Approve, tc.Todos, tc.State, tc.Processes = p.c.cfg.Approve, p.todos, p.state, p.procs
	tc.Files, tc.Terminal = p.c.cfg.Editor.Files, p.c.cfg.Editor.Terminal
	if tc.Approve == "" {
		tc.Approve = approveMode(p.spec.Settings.ApprovalMode)
	}
	if !p.c.cfg.Headless {
		tc.Approver = p.broker
	}
	return nil
}

// stageProject reads and judges what the folder brings, once for the
// turn: its permission rules become the tools' policy.
func stageProject(_ context.Context, p *prep) error {
	proj, err := p.c.project(p.t.ws)
	if err != nil {
		return err
	}
	if proj.PolicyErr != nil {
		return fmt.Errorf("permissions: %w", proj.PolicyErr)
	}
	p.t.project, p.spec.Tools.Policy = proj, &proj.Policy
	return nil
}

// stageIndex lets the tools search the workspace's index and keeps it
// current with the agent's own writes before its tool call returns.
func stageIndex(_ context.Context, p *prep) error {
	index := p.c.index()
	if index == nil {
		return nil
	}
	p.spec.Tools.Search = assembly.IndexSearcher{Index: index}
	p.spec.Tools.Changed = func(ctx context.Context, abs []string) { _ = index.Reindex(ctx, abs...) }
	return nil
}

// stageLanguages has the edit tools report what they broke, from the
// project's language servers, and offers the diagnostics and lsp tools.
func stageLanguages(_ context.Context, p *prep) error {
	if f := p.c.cfg.Languages; f != nil {
		if d := f(p.t.ws); d != nil {
			p.spec.Tools.Diagnoser = d
			// A shell command's writes reach the servers too, so what they
			// say next is about the files as they are.
			if n, ok := d.(interface {
				FilesChanged(ctx context.Context, abs []string)
			}); ok {
				prev := p.spec.Tools.Changed
				p.spec.Tools.Changed = func(ctx context.Context, abs []string) {
					if prev != nil {
						prev(ctx, abs)
					}
					n.FilesChanged(ctx, abs)
				}
			}
		}
	}
	return nil
}

// stageSent announces the turn again when the model is sent more than
// was typed (a command's expansion, a hook's context), so the live turn
// shows what a reopened one does.
func stageSent(_ context.Context, p *prep) error {
	t := p.t
	if t.prompt != t.typed {
		t.stream.send(&TurnStarted{Prompt: t.typed, Sent: t.prompt, StartedAt: p.started})
	}
	return nil
}

// stageBuild builds the turn's agent; its key and window then shape what
// the stream shows.
func stageBuild(ctx context.Context, p *prep) error {
	built, err := assembly.Build(ctx, p.c.cfg.Keys, p.spec)
	if err != nil {
		return err
	}
	t := p.t
	t.built = built
	p.c.noticeOnce(built.Notices)
	t.stream.red, t.stream.window = redact.New(built.Key), built.Window
	if info, ok := provider.Lookup(built.Provider); ok {
		t.stream.billing = info.BillingURL
	}
	return nil
}
