package assembly

import (
	"context"
	"runtime"
	"slices"
	"time"

	"github.com/hearth-agent/hearth/agent/hooks"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// offerTools builds the workspace tools, the skill tool, the MCP servers'
// tools within their budget and the subagents' task tool, every one
// wrapped in the hooks.
func (b *build) offerTools(context.Context) error {
	spec, cfg := b.spec, b.cfg
	b.profile = prompt.Choose(spec.Settings.PromptProfile, cfg.Window)
	tc := spec.Tools
	tc.Workspace = spec.Workspace
	budget := mcpBudget(cfg.Window, spec.MCPBudget)
	var offered []*mcp.Tool
	if spec.MCP != nil {
		offered = spec.MCP.Tools()
	}
	tc.MCP = nil // added below, through the set's gate, so a refresh can add more
	tc.ContainApproved = tc.ContainApproved || spec.Settings.ContainApproved
	set, err := tools.NewSet(tc)
	if err != nil {
		return err
	}
	base := set.Tools
	for _, t := range base {
		if t.Definition().Name == "shell" {
			b.shell = t
		}
	}
	if b.profile == prompt.Small {
		var rest []tool.Tool
		base, rest = smallToolset(base)
		b.held = tools.NewDeferred(hooks.Wrap(rest, spec.Hooks, spec.HookSession), tc.State)
	}
	var listed []prompt.Skill
	if st := skills.NewTool(spec.Skills); st != nil {
		base = append(base, st)
		for _, sk := range spec.Skills.Enabled() {
			listed = append(listed, prompt.Skill{Name: sk.Name, Description: sk.Description})
		}
	}
	base = hooks.Wrap(base, spec.Hooks, spec.HookSession)
	gateMCP := func(ts []*mcp.Tool) []tool.Tool {
		return hooks.Wrap(set.GateMCP(mcp.Offer(ts, budget)), spec.Hooks, spec.HookSession)
	}
	offer := func(now []*mcp.Tool) []tool.Tool {
		return append(append(slices.Clip(base), b.held.Offered()...), gateMCP(now)...)
	}
	toolset := offer(offered)
	if spec.Agents != nil && b.profile != prompt.Small { // a subagent's window would be as small
		// Subagents get the hook-wrapped tools, so hooks see their calls too.
		// The client's tools and tool_choice are the parent's alone: a
		// subagent has nobody to hand a client call to.
		sub := cfg
		sub.ClientTools, sub.ToolChoice = nil, llm.ToolChoice{}
		sc := subagent.Config{Base: sub, FastModel: b.ep.FastModel, Tools: toolset, Agents: spec.Agents, Workspace: spec.Workspace}
		if spec.Hooks.Has(hooks.SubagentStop) {
			sc.Stop = func(ctx context.Context, agent string, round int) (string, bool) {
				return spec.Hooks.AskStop(ctx, hooks.SubagentStop, agent, spec.HookSession, round)
			}
		}
		base = append(base, hooks.Wrap([]tool.Tool{subagent.NewTask(sc)}, spec.Hooks, spec.HookSession)...)
		toolset = offer(offered)
	}
	b.offered, b.offer, b.toolset = offered, offer, toolset
	b.data = prompt.Data{Workspace: spec.Workspace, OS: runtime.GOOS, Date: time.Now(), Skills: listed, Planning: tc.Planning,
		Profile: b.profile}
	b.instructionBytes = prompt.MaxInstructionBytes
	if b.profile == prompt.Small {
		b.instructionBytes = prompt.SmallInstructionBytes
	}
	return nil
}

// renderPrompt renders the system prompt for the tools, with the workspace's
// instruction files.
func (b *build) renderPrompt(context.Context) error {
	first, err := b.render(b.toolset)
	if err != nil {
		return err
	}
	b.cfg.Tools, b.cfg.System, b.cfg.TextProtocolSystem = first.Tools, first.System, first.TextProtocolSystem
	return nil
}

// render is the system prompt and tools for ts; a refresh renders again.
func (b *build) render(ts []tool.Tool) (*loop.Refreshed, error) {
	spec := b.spec
	defs, err := loop.Definitions(ts)
	if err != nil {
		return nil, err
	}
	d := b.data
	d.Tools = defs
	// A local model that refuses native tools falls back to the text
	// protocol, so both prompts are ready.
	native, text, err := spec.Cache.statics(d)
	if err != nil {
		return nil, err
	}
	ins, refused, err := prompt.InstructionsUpTo(spec.Workspace, b.instructionBytes)
	if err != nil {
		return nil, err
	}
	if b.notices == nil {
		b.notices = append([]error{}, refused...)
	}
	return &loop.Refreshed{Tools: ts, System: prompt.WithInstructions(native, ins),
		TextProtocolSystem: prompt.WithInstructions(text, ins)}, nil
}

// followServers has the loop offer the MCP servers' tools as they change
// during the turn, and the held tools once the model loads them.
func (b *build) followServers(context.Context) error {
	b.cfg.Refresh = refresher(b.spec.MCP, b.offered, b.held, func(now []*mcp.Tool) (*loop.Refreshed, error) {
		return b.render(b.offer(now))
	}, b.logf)
	return nil
}

// smallToolset splits the built-in tools into those offered at once
// (prompt.SmallTools, and propose_plan in plan mode, which the person
// chose) and the rest, which the model loads when it needs them.
func smallToolset(ts []tool.Tool) (offered, rest []tool.Tool) {
	for _, t := range ts {
		if name := t.Definition().Name; slices.Contains(prompt.SmallTools, name) || name == tools.ProposePlanName {
			offered = append(offered, t)
		} else {
			rest = append(rest, t)
		}
	}
	return offered, rest
}

// unknownWindow is assumed for a model whose context window is not known.
const unknownWindow = 128_000

// mcpBudget is how many tokens MCP tool definitions may take.
func mcpBudget(window int, share float64) int {
	if window <= 0 {
		window = unknownWindow
	}
	if share <= 0 {
		share = mcp.DefaultBudget
	}
	return int(float64(window) * share)
}
