package trust

import (
	"fmt"
	"slices"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/hearth-agent/hearth/agent/hooks"
)

// settingsFormat reads a settings file's hooks and (in Hearth's own file)
// its check command, the only parts of it Hearth runs. Its other keys are
// Claude Code's (permissions, env, model, …): they are left alone, but a
// case variant of a known key is an error.
var settingsFormat = format{kind: KindHooks, parse: parseSettings}

// HearthSettingsPath is Hearth's own project settings file, the only one
// whose "check" key is read.
const HearthSettingsPath = ".hearth/settings.json"

// settingsKeys are the top-level keys named in descriptions.
var settingsKeys = []string{"hooks", "permissions", "env", "apiKeyHelper", "statusLine"}

// Settings is what a project settings file brings: its hooks and the
// command that checks the project after a turn's edits ("" for none).
type Settings struct {
	Hooks hooks.File
	Check string
}

// hookEvents names the events Hearth runs hooks on, as a person says them.
var hookEvents = map[hooks.Event]string{
	hooks.PreToolUse: "before tool calls", hooks.PostToolUse: "after tool calls",
	hooks.UserPromptSubmit: "when a prompt is sent", hooks.SessionStart: "when a session starts",
	hooks.Stop: "when the agent stops", hooks.SubagentStop: "when a subagent stops",
	hooks.PreCompact: "before compaction", hooks.Notification: "on notifications",
}

// otherEvents are Claude Code events Hearth does not run hooks on: a file
// naming them reads, and the description says they stay off.
var otherEvents = []string{
	"SessionEnd", "Setup", "PostToolUseFailure", "PostToolBatch", "PermissionRequest", "PermissionDenied",
	"StopFailure", "SubagentStart", "PostCompact", "TaskCompleted", "TeammateIdle", "ConfigChange",
	"WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "UserPromptExpansion", "Elicitation", "ElicitationResult",
}

// knownEvents are the keys the hooks object may have.
var knownEvents = func() []string {
	out := slices.Clone(otherEvents)
	for ev := range hookEvents {
		out = append(out, string(ev))
	}
	return out
}()

// hookGroup and hookHandler are a group as written; the handler accepts the
// fields Claude Code documents so a shared file reads, and nothing else.
type hookGroup struct {
	Matcher string        `json:"matcher"`
	Hooks   []hookHandler `json:"hooks"`
}

type hookHandler struct {
	Type          string            `json:"type"`
	Command       string            `json:"command"`
	Timeout       float64           `json:"timeout"`
	Async         bool              `json:"async"`
	StatusMessage string            `json:"statusMessage"`
	Prompt        string            `json:"prompt"`
	Model         string            `json:"model"`
	URL           string            `json:"url"`
	Headers       map[string]string `json:"headers"`
	Once          bool              `json:"once"`
}

func parseSettings(rel string, b []byte) (any, description, error) {
	var d description
	keys := settingsKeys
	if rel == HearthSettingsPath {
		keys = append(slices.Clone(settingsKeys), "check")
	}
	top, err := strictObject(b, keys, false)
	if err != nil {
		return nil, d, err
	}
	var check string
	if v, ok := top["check"]; ok && rel == HearthSettingsPath {
		if err := strictDecode(v, &check); err != nil {
			return nil, d, fmt.Errorf("check: %w", err)
		}
	}
	var raw map[string]jsontext.Value
	if v, ok := top["hooks"]; ok {
		if err := strictDecode(v, &raw); err != nil {
			return nil, d, fmt.Errorf("hooks: %w", err)
		}
	}
	if err := checkKeys(raw, knownEvents, true, " in hooks"); err != nil {
		return nil, d, err
	}
	file := hooks.File{Source: rel, Hooks: map[hooks.Event][]hooks.Group{}}
	var parts, ignored []string
	count := 0
	for _, ev := range sortedKeys(raw) {
		var groups []hookGroup
		if err := strictDecode(raw[ev], &groups); err != nil {
			return nil, d, fmt.Errorf("hooks.%s: %w", ev, err)
		}
		when, runs := hookEvents[hooks.Event(ev)]
		for _, g := range groups {
			var kept []hooks.Handler
			for _, h := range g.Hooks {
				if h.Type != "" && h.Type != "command" || h.Command == "" || !runs {
					ignored = append(ignored, fmt.Sprintf("a %s hook on %s", clean(orCommand(h.Type)), clean(ev)))
					continue
				}
				kept = append(kept, hooks.Handler{Type: "command", Command: h.Command, Timeout: h.Timeout})
				d.commands = append(d.commands, h.Command)
				w := when
				if g.Matcher != "" && g.Matcher != "*" {
					w += " matching " + quote(g.Matcher)
				}
				parts = append(parts, fmt.Sprintf("runs %s %s", quote(h.Command), w))
				count++
			}
			if len(kept) > 0 {
				file.Hooks[hooks.Event(ev)] = append(file.Hooks[hooks.Event(ev)], hooks.Group{Matcher: g.Matcher, Hooks: kept})
			}
		}
	}
	d.runs = count > 0
	d.brief = plural(count, "hook")
	d.summary = "runs no hooks"
	if count > 0 {
		d.summary = list(parts)
	}
	if check != "" {
		d.runs = true
		d.commands = append(d.commands, check)
		checks := "runs " + quote(check) + " to check the project after a turn that edited files"
		if count == 0 {
			d.brief, d.summary = "a check command", checks
		} else {
			d.brief, d.summary = d.brief+" and a check command", d.summary+"; "+checks
		}
	}
	if len(ignored) > 0 {
		d.summary += "; Hearth does not run " + list(ignored)
	}
	var unused []string
	for _, k := range settingsKeys[1:] {
		if _, ok := top[k]; ok {
			unused = append(unused, k)
		}
	}
	if len(unused) > 0 {
		d.summary += "; Hearth does not apply its " + list(unused)
	}
	return Settings{Hooks: file, Check: check}, d, nil
}

func orCommand(t string) string {
	if t == "" {
		return "command"
	}
	return t
}
