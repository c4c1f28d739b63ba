package permission

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Gate decides tool calls for one session: saved rules first, then the
// approval mode, then the human approver. Grants made with "allow for this
// session" live in the Gate and die with it.
type Gate struct {
	policy   Policy
	mode     Mode
	approver Approver
	env      ShellEnv

	grants *Grants
	// planning and readOnlyMCP: see SetPlanning.
	planning    bool
	readOnlyMCP []string
}

// Grants holds the "allow for this session" decisions. A chat session keeps
// one and hands it to the gate of every turn, so a grant outlives the turn
// it was made in but not the session.
type Grants struct {
	mu    sync.Mutex
	rules []Rule
}

// Rules returns a copy of the grants made so far.
func (gr *Grants) Rules() []Rule {
	gr.mu.Lock()
	defer gr.mu.Unlock()
	return append([]Rule(nil), gr.rules...)
}

// Revoke forgets every grant of kind with pattern, reporting whether one
// was there; the next check of any gate sharing the grants asks again.
func (gr *Grants) Revoke(kind Kind, pattern string) bool {
	gr.mu.Lock()
	defer gr.mu.Unlock()
	kept := gr.rules[:0]
	for _, r := range gr.rules {
		if r.Kind != kind || r.Pattern != pattern {
			kept = append(kept, r)
		}
	}
	found := len(kept) < len(gr.rules)
	clear(gr.rules[len(kept):])
	gr.rules = kept
	return found
}

func (gr *Grants) add(r Rule) {
	gr.mu.Lock()
	defer gr.mu.Unlock()
	gr.rules = append(gr.rules, r)
}

// NewGate builds a gate for workspace dir. approver may be nil (headless):
// what still asks after the mode is then denied. grants may be nil for a
// gate whose session grants die with it.
func NewGate(policy Policy, mode Mode, approver Approver, dir string, grants *Grants) *Gate {
	home, _ := os.UserHomeDir()
	if grants == nil {
		grants = &Grants{}
	}
	env := ShellEnv{Workspace: dir, Home: home, Path: os.Getenv("PATH"), NoReadOnly: runtime.GOOS == "windows"}
	return &Gate{policy: policy, mode: mode, approver: approver, env: env, grants: grants}
}

// SetShellPath tells the gate the PATH shell commands run with, so each
// command's program is found where the shell will find it.
func (g *Gate) SetShellPath(path string) { g.env.Path = path }

// Clearance says how a shell call came to be allowed.
type Clearance struct {
	// ReadOnly is set when nobody approved the call: every command in it
	// was judged read-only. Such a call should run contained.
	ReadOnly bool
	// Programs are the files the judged commands execute.
	Programs []string
}

// CheckShell is Check for a shell request, also saying whether the call
// runs because it was judged read-only or because a rule, the mode or a
// person approved it.
func (g *Gate) CheckShell(ctx context.Context, req Request) (Clearance, error) {
	var v ShellVerdict
	if err := g.check(ctx, req, &v); err != nil {
		return Clearance{}, err
	}
	if !v.ReadOnly() {
		return Clearance{}, nil
	}
	rules := g.rules()
	for _, c := range v.Commands {
		if ruleSays(rules, Ask, c.Argv) {
			return Clearance{}, nil // a person answered the ask
		}
	}
	return Clearance{ReadOnly: true, Programs: v.Programs}, nil
}

// Check returns nil when the call may run, a *tool.DeniedError when it may
// not, or ctx's error when the wait for a decision was cancelled. For edits
// req.Path is workspace-relative; for shell req.Command is the exact line.
func (g *Gate) Check(ctx context.Context, req Request) error {
	return g.check(ctx, req, nil)
}

// check is Check; for a shell request it also fills v (when not nil) with
// the judgement it decided on, so callers need not judge the line again.
func (g *Gate) check(ctx context.Context, req Request, v *ShellVerdict) error {
	if err := g.planRefusal(req); err != nil {
		return err
	}
	if v == nil && req.Kind == KindShell {
		v = &ShellVerdict{} // allowedBy reads the judgement
	}
	effect := g.evaluate(&req, v)
	switch effect {
	case Allow:
		if a, ok := g.allowedBy(req, v); ok {
			tool.NoteAllowance(ctx, a)
		}
		return nil
	case Deny:
		return &tool.DeniedError{Reason: req.Reason}
	}
	if !req.AlwaysAsk && (g.mode == ModeAll || (g.mode == ModeEdits && req.Kind == KindEdit)) {
		tool.NoteAllowance(ctx, tool.Allowance{By: tool.AllowedByMode, Detail: string(g.modeName())})
		return nil
	}
	if !req.AlwaysAsk && hookAllowed(ctx) {
		tool.NoteAllowance(ctx, tool.Allowance{By: tool.AllowedByHook, Detail: "a PreToolUse hook"})
		return nil
	}
	if g.approver == nil {
		return &tool.DeniedError{Reason: req.Reason + "; it needs approval and this run cannot ask (approval mode " + string(g.modeName()) + "; the user can allow it with --approve edits or --approve all)"}
	}
	req.ID = newID()
	req.CallID, req.Agent = tool.CallID(ctx), tool.Agent(ctx)
	if req.Headline == "" {
		req.Headline = headline(&req, v)
	}
	d, err := g.approver.Approve(ctx, req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("approval: %w", err)
	}
	switch d.Choice {
	case AllowOnce:
		return nil
	case AllowSession:
		if req.AlwaysAsk {
			return nil // granted once; never remembered
		}
		pattern := d.Pattern
		if pattern == "" {
			pattern = req.Suggested
		}
		g.grant(req.Kind, pattern)
		return nil
	default:
		return &tool.DeniedError{Note: d.Note}
	}
}

// ReadDenied reports whether a rule forbids reading rel, so listing and
// searching tools can leave it out instead of asking once per file.
func (g *Gate) ReadDenied(rel string) bool {
	for _, r := range g.rules() {
		if r.Kind == KindRead && r.Effect == Deny && matchPath(r.Pattern, rel) {
			return true
		}
	}
	return false
}

func (g *Gate) modeName() Mode {
	if g.mode == "" {
		return ModeNever
	}
	return g.mode
}

// grant remembers an allow-for-session decision; patterns may be several
// lines (one per command of a compound shell line).
func (g *Gate) grant(kind Kind, pattern string) {
	for _, p := range strings.Split(pattern, "\n") {
		if p = strings.TrimSpace(p); p != "" || kind == KindEdit {
			g.grants.add(Rule{Kind: kind, Pattern: p, Effect: Allow})
		}
	}
}

// rules returns the saved rules followed by the session's grants.
func (g *Gate) rules() []Rule {
	session := g.grants.Rules()
	out := make([]Rule, 0, len(g.policy.Rules)+len(session))
	out = append(out, g.policy.Rules...)
	return append(out, session...)
}

// evaluate applies the rules and defaults, filling in the request's Reason,
// AlwaysAsk and Suggested fields.
func (g *Gate) evaluate(req *Request, v *ShellVerdict) Effect {
	if req.Kind == KindShell {
		return g.evaluateShell(req, v)
	}
	effect := Allow
	switch req.Kind {
	case KindEdit:
		effect = Ask
		req.Reason = "edits " + req.Path
		req.Suggested = "**"
	case KindMCP:
		// A server's own hints (readOnlyHint…) come from an untrusted
		// party: only the person's rules or mode let a call skip the ask.
		effect = Ask
		if req.Reason == "" {
			req.Reason = "calls the MCP tool " + req.Path
		}
		req.Suggested = req.Path
	case KindWebFetch, KindWebSearch:
		// Each request leaves the machine with what the model put in it.
		effect = Ask
		req.Suggested = req.Path
	}
	for _, e := range []Effect{Deny, Ask, Allow} {
		for _, r := range g.rules() {
			if r.Kind == req.Kind && r.Effect == e && matchPath(r.Pattern, req.Path) {
				if e == Deny {
					req.Reason = fmt.Sprintf("a rule forbids %s on %s", req.Kind, req.Path)
				}
				return e
			}
		}
	}
	return effect
}

func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
