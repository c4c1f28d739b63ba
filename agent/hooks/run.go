package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/childenv"
)

// DefaultTimeout is how long a hook may run when its settings give none.
const DefaultTimeout = 60 * time.Second

// maxOutput bounds what is kept of a hook's stdout and stderr each.
const maxOutput = 64 << 10

// Input is the JSON a hook reads on stdin, with Claude Code's field names.
type Input struct {
	SessionID          string          `json:"session_id"`
	TranscriptPath     string          `json:"transcript_path"`
	Cwd                string          `json:"cwd"`
	HookEventName      Event           `json:"hook_event_name"`
	PermissionMode     string          `json:"permission_mode,omitempty"`
	ToolName           string          `json:"tool_name,omitempty"`
	ToolInput          json.RawMessage `json:"tool_input,omitempty"`
	ToolResponse       json.RawMessage `json:"tool_response,omitempty"`
	Prompt             string          `json:"prompt,omitempty"`
	StopHookActive     *bool           `json:"stop_hook_active,omitempty"`
	Trigger            string          `json:"trigger,omitempty"`
	CustomInstructions *string         `json:"custom_instructions,omitempty"`
	Source             string          `json:"source,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// Output is the JSON a hook may print on stdout.
type Output struct {
	Continue           *bool  `json:"continue"`
	StopReason         string `json:"stopReason"`
	SuppressOutput     bool   `json:"suppressOutput"`
	Decision           string `json:"decision"` // "block", or the older "approve"
	Reason             string `json:"reason"`
	SystemMessage      string `json:"systemMessage"`
	HookSpecificOutput struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"` // allow, deny, ask
		PermissionDecisionReason string `json:"permissionDecisionReason"`
		AdditionalContext        string `json:"additionalContext"`
	} `json:"hookSpecificOutput"`
}

// Run is one hook command that ran, for the transcript.
type Run struct {
	Event    Event
	Command  string
	Source   string
	ExitCode int // -1 when it did not exit by itself (timeout, failed to start)
	Duration time.Duration
	Stdout   string
	Stderr   string
	TimedOut bool
	// Problem is what went wrong that the person should see: a timeout, a
	// command that could not start, stdout that looked like JSON but was not.
	Problem string
}

// Result is what the hooks of one event decided together.
type Result struct {
	// Block is set by an exit code 2 or a "block"/"deny" answer; Reason
	// says why (stderr, or the JSON's reason).
	Block  bool
	Reason string
	// Permission is the strictest permissionDecision given ("deny" beats
	// "ask" beats "allow"); "" when none was.
	Permission string
	// Context is text to add for the model (UserPromptSubmit and
	// SessionStart stdout, additionalContext, PostToolUse stderr on exit 2).
	Context []string
	// Halt is set by "continue": false: the turn ends, with HaltReason.
	Halt       bool
	HaltReason string
	Runs       []Run
}

// Fire runs every hook of ev whose matcher matches value (the tool name for
// tool events, the trigger or source for others), one after another, and
// reports each run as it ends.
func (s *Set) Fire(ctx context.Context, ev Event, value string, in Input, report func(Run)) Result {
	var res Result
	hs := s.matching(ev, value)
	if len(hs) == 0 {
		return res
	}
	in.HookEventName = ev
	if in.Cwd == "" {
		in.Cwd = s.ws
	}
	stdin, _ := json.Marshal(in)
	for _, h := range hs {
		r, out := s.runOne(ctx, h, stdin)
		r.Event = ev
		res.Runs = append(res.Runs, r)
		if report != nil {
			report(r)
		}
		res.apply(ev, r, out)
		if ctx.Err() != nil {
			break
		}
	}
	return res
}

// apply folds one run's answer into the event's result.
func (res *Result) apply(ev Event, r Run, out *Output) {
	if r.ExitCode == 2 {
		reason := strings.TrimSpace(r.Stderr)
		if reason == "" {
			reason = "blocked by hook " + r.Command
		}
		if ev == PostToolUse {
			res.Context = append(res.Context, reason)
			return
		}
		res.Block, res.Reason = true, joinReason(res.Reason, reason)
		return
	}
	if r.ExitCode == 0 && out == nil {
		// A formatter's or linter's report after an edit is worth the model's reading too.
		if t := strings.TrimSpace(r.Stdout); t != "" && (ev == UserPromptSubmit || ev == SessionStart || ev == PostToolUse) {
			res.Context = append(res.Context, t)
		}
		return
	}
	if out == nil {
		return
	}
	hso := out.HookSpecificOutput
	if c := strings.TrimSpace(hso.AdditionalContext); c != "" {
		res.Context = append(res.Context, c)
	}
	switch strings.ToLower(hso.PermissionDecision) {
	case "deny":
		res.Permission = "deny"
		res.Block, res.Reason = true, joinReason(res.Reason, firstOf(hso.PermissionDecisionReason, out.Reason, "denied by hook "+r.Command))
	case "ask":
		if res.Permission != "deny" {
			res.Permission = "ask"
		}
	case "allow":
		if res.Permission == "" {
			res.Permission = "allow"
		}
	}
	if out.Decision == "block" {
		reason := firstOf(out.Reason, "blocked by hook "+r.Command)
		if ev == PostToolUse {
			res.Context = append(res.Context, reason)
		} else {
			res.Block, res.Reason = true, joinReason(res.Reason, reason)
		}
	}
	if out.Continue != nil && !*out.Continue {
		res.Halt, res.HaltReason = true, firstOf(out.StopReason, "stopped by hook "+r.Command)
	}
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

func firstOf(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return strings.TrimSpace(x)
		}
	}
	return ""
}

// runOne runs one command with the event on stdin; out is its JSON answer
// when it printed one on a clean exit.
func (s *Set) runOne(ctx context.Context, h hook, stdin []byte) (Run, *Output) {
	r := Run{Command: h.Command, Source: h.source, ExitCode: -1}
	timeout := DefaultTimeout
	if h.Timeout > 0 {
		timeout = time.Duration(h.Timeout * float64(time.Second))
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := shellCommand(h.Command)
	cmd.Dir = s.ws
	// Scrubbed like every child's: a project's hook never sees a key.
	cmd.Env = append(childenv.Scrub(nil), "CLAUDE_PROJECT_DIR="+s.ws, "HEARTH_PROJECT_DIR="+s.ws)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownGroup(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		r.Problem = "could not start: " + err.Error()
		return r, nil
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-cctx.Done():
		killGroup(cmd)
		err = <-done
		if ctx.Err() == nil {
			r.TimedOut = true
			r.Problem = fmt.Sprintf("timed out after %s and was killed", timeout)
		} else {
			r.Problem = "stopped with the turn"
		}
	}
	// What it started in the background ends with it.
	killGroup(cmd)
	r.Duration = time.Since(start)
	r.Stdout, r.Stderr = stdout.String(), stderr.String()
	var exit interface{ ExitCode() int }
	switch {
	case r.Problem != "":
	case err == nil:
		r.ExitCode = 0
	case errors.As(err, &exit):
		r.ExitCode = exit.ExitCode()
	default:
		r.Problem = err.Error()
	}
	if r.ExitCode != 0 {
		return r, nil
	}
	t := strings.TrimSpace(r.Stdout)
	if !strings.HasPrefix(t, "{") {
		return r, nil
	}
	var out Output
	if err := json.Unmarshal([]byte(t), &out); err != nil {
		r.Problem = "printed invalid JSON, ignored: " + err.Error()
		return r, nil
	}
	return r, &out
}

// capped keeps the first maxOutput bytes written to it.
type capped struct {
	b         bytes.Buffer
	truncated bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	if c.b.Len() >= maxOutput {
		c.truncated = true
	}
	return len(p), nil
}

func (c *capped) String() string {
	if c.truncated {
		return c.b.String() + "\n[output truncated]"
	}
	return c.b.String()
}
