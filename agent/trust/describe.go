package trust

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode"
)

// describe says what one file can do, from its bytes.
func describe(rel string, kind Kind, b []byte) Item {
	it := Item{Path: rel, Kind: kind, Digest: digest(b)}
	switch kind {
	case KindPermissions:
		describePermissions(&it, b)
	case KindMCP:
		describeMCP(&it, b)
	case KindHooks:
		describeSettings(&it, b)
	case KindCommand:
		describeCommand(&it, b)
	case KindAgent:
		describeAgent(&it, b)
	default:
		it.Runs, it.Summary, it.Brief = true, rel+" is not a known kind of project file", "unknown"
	}
	return it
}

// unparsable marks a file that cannot be read as its kind: it is listed
// and needs trust, since what it would do cannot be shown.
func unparsable(it *Item, err error) {
	it.Runs = true
	it.Summary = fmt.Sprintf("%s is not valid JSON (%s)", it.Path, clean(err.Error()))
	it.Brief = "invalid JSON"
}

func describePermissions(it *Item, b []byte) {
	var p struct {
		Rules []struct{ Tool, Pattern, Effect string } `json:"rules"`
	}
	if err := json.Unmarshal(b, &p); err != nil {
		unparsable(it, err)
		return
	}
	var allow []string
	narrow := 0
	for _, r := range p.Rules {
		if r.Effect != "allow" {
			narrow++
			continue
		}
		pat := r.Pattern
		if pat == "" {
			pat = "everything"
		}
		allow = append(allow, fmt.Sprintf("%s %s", clean(r.Tool), quote(pat)))
	}
	it.Runs = len(allow) > 0
	it.Brief = plural(len(allow), "allow rule")
	if len(allow) == 0 {
		it.Summary = "adds no allow rules"
	} else {
		it.Summary = "allows without asking: " + list(allow)
	}
	if narrow > 0 {
		it.Summary += fmt.Sprintf("; its %s (deny, ask) apply without trust, since they only take away", plural(narrow, "other rule"))
	}
}

func describeMCP(it *Item, b []byte) {
	var m struct {
		Servers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
			URL     string   `json:"url"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		unparsable(it, err)
		return
	}
	var parts []string
	for _, name := range sortedKeys(m.Servers) {
		s := m.Servers[name]
		if s.Command != "" {
			parts = append(parts, fmt.Sprintf("starts %s as MCP server %q", quote(strings.Join(append([]string{s.Command}, s.Args...), " ")), clean(name)))
		} else {
			parts = append(parts, fmt.Sprintf("connects to %s as MCP server %q", quote(s.URL), clean(name)))
		}
	}
	it.Runs = len(parts) > 0
	it.Brief = plural(len(parts), "MCP server")
	it.Summary = "starts no MCP servers"
	if len(parts) > 0 {
		it.Summary = list(parts)
	}
}

// hookEvents names the events hooks run on, as a person would say them.
var hookEvents = map[string]string{
	"PreToolUse": "before tool calls", "PostToolUse": "after tool calls",
	"UserPromptSubmit": "when a prompt is sent", "SessionStart": "when a session starts",
	"SessionEnd": "when a session ends", "Stop": "when the agent stops",
	"SubagentStop": "when a subagent stops", "PreCompact": "before compaction",
	"Notification": "on notifications",
}

func describeSettings(it *Item, b []byte) {
	var s struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
		Permissions struct {
			Allow []string `json:"allow"`
		} `json:"permissions"`
		APIKeyHelper string                   `json:"apiKeyHelper"`
		StatusLine   struct{ Command string } `json:"statusLine"`
		Env          map[string]string        `json:"env"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		unparsable(it, err)
		return
	}
	var parts []string
	hooks := 0
	for _, ev := range sortedKeys(s.Hooks) {
		when := hookEvents[ev]
		if when == "" {
			when = "on " + clean(ev)
		}
		for _, g := range s.Hooks[ev] {
			for _, h := range g.Hooks {
				if h.Command == "" {
					continue
				}
				hooks++
				w := when
				if g.Matcher != "" && g.Matcher != "*" {
					w += " matching " + quote(g.Matcher)
				}
				parts = append(parts, fmt.Sprintf("runs %s %s", quote(h.Command), w))
			}
		}
	}
	if len(s.Permissions.Allow) > 0 {
		var q []string
		for _, a := range s.Permissions.Allow {
			q = append(q, quote(a))
		}
		parts = append(parts, "allows without asking: "+list(q))
	}
	if s.APIKeyHelper != "" {
		parts = append(parts, "runs "+quote(s.APIKeyHelper)+" to get an API key")
	}
	if s.StatusLine.Command != "" {
		parts = append(parts, "runs "+quote(s.StatusLine.Command)+" for the status line")
	}
	if len(s.Env) > 0 {
		parts = append(parts, "sets environment variables "+list(sortedKeys(s.Env)))
	}
	it.Runs = len(parts) > 0
	switch {
	case len(parts) == 0:
		it.Summary, it.Brief = "has no hooks, allow rules or commands", "nothing that runs"
	case hooks > 0:
		it.Summary, it.Brief = list(parts), plural(hooks, "hook")
	default:
		it.Summary, it.Brief = list(parts), "settings that run or allow"
	}
}

// bang finds a command's shell lines: !`cmd`.
var bang = regexp.MustCompile("!`([^`\n]+)`")

func describeCommand(it *Item, b []byte) {
	name := strings.TrimSuffix(it.Path, ".md")
	for _, d := range dirs {
		name = strings.TrimPrefix(name, d.path+"/")
	}
	name = "/" + strings.ReplaceAll(name, "/", ":")
	var runs []string
	for _, m := range bang.FindAllSubmatch(b, -1) {
		runs = append(runs, quote(string(m[1])))
	}
	it.Runs = len(runs) > 0
	// allowed-tools lets tools run unasked during the command's turn: it
	// widens what runs, so the command needs trust like one with ! lines.
	allowed, widens := frontMatter(b)["allowed-tools"]
	switch {
	case it.Runs:
		it.Summary = fmt.Sprintf("slash command %s runs %s when used", clean(name), list(runs))
		it.Brief = plural(len(runs), "shell line")
	case widens:
		it.Runs = true
		it.Summary = fmt.Sprintf("slash command %s lets tools run without asking while it runs (%s)", clean(name), clean(allowed))
		it.Brief = "allowed tools"
	default:
		it.Summary = fmt.Sprintf("slash command %s is a prompt and runs nothing", clean(name))
		it.Brief = "a prompt"
	}
}

func describeAgent(it *Item, b []byte) {
	fm := frontMatter(b)
	name := fm["name"]
	if name == "" {
		name = strings.TrimSuffix(path.Base(it.Path), ".md")
	}
	it.Runs = true
	it.Brief = "subagent"
	it.Summary = fmt.Sprintf("defines subagent %q", clean(name))
	if t := fm["tools"]; t != "" {
		it.Summary += " with tools " + clean(t)
	}
	if d := fm["description"]; d != "" {
		it.Summary += ": " + clean(d)
	}
}

func describeSkill(rel string, contents map[string][]byte) Item {
	it := Item{Path: rel, Kind: KindSkill, Runs: true, Brief: "skill"}
	fm := frontMatter(contents[rel+"/SKILL.md"])
	name := fm["name"]
	if name == "" {
		name = path.Base(rel)
	}
	it.Summary = fmt.Sprintf("skill %q", clean(name))
	if d := fm["description"]; d != "" {
		it.Summary += ": " + clean(d)
	}
	var others []string
	for _, f := range sortedKeys(contents) {
		if f != rel+"/SKILL.md" {
			others = append(others, clean(strings.TrimPrefix(f, rel+"/")))
		}
	}
	if len(others) > 0 {
		it.Summary += "; bundles " + list(others)
	}
	return it
}

// frontMatter reads the "key: value" lines of a Markdown file's --- block.
func frontMatter(b []byte) map[string]string {
	out := map[string]string{}
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	rest, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return out
	}
	block, _, _ := strings.Cut(rest, "\n---")
	for _, ln := range strings.Split(block, "\n") {
		if k, v, ok := strings.Cut(ln, ":"); ok && !strings.HasPrefix(ln, " ") {
			out[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return out
}

// clean makes text from the workspace safe to print on one line: control
// characters (terminal escapes, newlines) become spaces, and it is bounded.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
			return ' '
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	return s
}

func quote(s string) string { return "`" + clean(s) + "`" }

// list joins at most five parts and counts the rest.
func list(parts []string) string {
	if len(parts) > 5 {
		return strings.Join(parts[:5], ", ") + fmt.Sprintf(" and %d more", len(parts)-5)
	}
	return strings.Join(parts, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
