package permission

import (
	"strings"
)

// multiplexers are programs whose first argument picks what they do, so
// "allow for session" suggests "git status *" rather than "git *".
var multiplexers = map[string]bool{
	"git": true, "go": true, "npm": true, "pnpm": true, "yarn": true, "cargo": true, "make": true,
	"docker": true, "kubectl": true, "pip": true, "uv": true, "poetry": true, "dotnet": true,
	"gradle": true, "mvn": true, "bun": true, "deno": true, "npx": true, "brew": true, "apt": true,
}

func (g *Gate) evaluateShell(req *Request, out *ShellVerdict) Effect {
	v := JudgeShell(req.Command, g.env)
	if out != nil {
		*out = v
	}
	rules := g.rules()
	for _, c := range v.Commands {
		for _, r := range rules {
			if r.Kind == KindShell && r.Effect == Deny && matchShape(r.Pattern, c.Argv) {
				req.Reason = "a rule forbids " + strings.Join(c.Argv, " ")
				return Deny
			}
		}
	}
	if v.AlwaysAsk {
		req.AlwaysAsk = true
		req.Reason = v.AlwaysWhy
		return Ask
	}
	var why []string
	var suggest []string
	why = append(why, v.Reasons...)
	for _, c := range v.Commands {
		if c.ReadOnly && !ruleSays(rules, Ask, c.Argv) {
			continue
		}
		if !c.Dynamic && !ruleSays(rules, Ask, c.Argv) && ruleSays(rules, Allow, c.Argv) {
			continue
		}
		if c.ReadOnly {
			why = append(why, "a rule asks before "+strings.Join(c.Argv, " "))
		} else {
			why = append(why, c.Why)
		}
		suggest = append(suggest, shape(c.Argv))
	}
	if len(why) == 0 {
		return Allow
	}
	req.Reason = strings.Join(why, "; ")
	req.Suggested = strings.Join(suggest, "\n")
	return Ask
}

func ruleSays(rules []Rule, e Effect, argv []string) bool {
	for _, r := range rules {
		if r.Kind == KindShell && r.Effect == e && matchShape(r.Pattern, argv) {
			return true
		}
	}
	return false
}

// shape suggests a session pattern for a command: its program (and
// subcommand) with any arguments.
func shape(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	if multiplexers[argv[0]] && len(argv) > 1 && !strings.HasPrefix(argv[1], "-") {
		return argv[0] + " " + argv[1] + " *"
	}
	if deleters[argv[0]] {
		return strings.Join(argv, " ")
	}
	return argv[0] + " *"
}
