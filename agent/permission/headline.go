package permission

import (
	"strconv"
	"strings"
)

// effects says in plain words what a program can do to the machine, for
// the programs whose name alone does not make that obvious.
var effects = map[string]string{
	"gofmt": "can rewrite files", "goimports": "can rewrite files", "prettier": "can rewrite files",
	"black": "can rewrite files", "rustfmt": "can rewrite files", "sed": "can rewrite files",
	"perl": "can run any code", "python": "can run any code", "python3": "can run any code",
	"node": "can run any code", "ruby": "can run any code", "eval": "can run any code",
	"sh": "can run any code", "bash": "can run any code", "zsh": "can run any code",
	"make": "runs the project's build steps", "go": "can build, run and change files",
	"npm": "can install packages and run scripts", "npx": "downloads and runs packages",
	"pip": "can install packages", "cargo": "can build, run and install code",
	"git": "can change the repository", "curl": "talks to the network", "wget": "downloads files",
	"mv": "moves or renames files", "cp": "copies files over others", "chmod": "changes file permissions",
	"chown": "changes file owners", "tee": "writes files", "touch": "creates files", "mkdir": "creates directories",
	"kill": "stops processes", "sudo": "runs as administrator", "docker": "controls containers",
}

// headline says in one plain sentence what an asking call will do, for the
// person deciding; Reason keeps the policy's exact why beside it.
func headline(req *Request, v *ShellVerdict) string {
	switch req.Kind {
	case KindShell:
		return shellHeadline(req.Command, v)
	case KindEdit:
		if req.Path == "" {
			return "This edits files"
		}
		if strings.HasPrefix(req.Diff, "--- /dev/null") || strings.Contains(req.Diff, "\n--- /dev/null") {
			return "This creates " + req.Path
		}
		if strings.Contains(req.Diff, "\n+++ /dev/null") {
			return "This deletes " + req.Path
		}
		return "This writes " + req.Path
	case KindMCP:
		if server, _, ok := strings.Cut(strings.TrimPrefix(req.Path, "mcp__"), "__"); ok && strings.HasPrefix(req.Path, "mcp__") {
			return "This calls " + req.Path + " on the " + server + " server"
		}
		return "This calls the tool " + req.Path
	case KindWebFetch:
		return "This reads a page from " + req.Path
	case KindWebSearch:
		return "This sends a web search to " + req.Path
	}
	if req.Tool != "" {
		return "This runs the tool " + req.Tool
	}
	return ""
}

// shellHeadline names the programs a line runs, with what the first risky
// one can do: "This runs gofmt, which can rewrite files".
func shellHeadline(line string, v *ShellVerdict) string {
	if v == nil || len(v.Commands) == 0 {
		if line == "" {
			return "This runs a shell command"
		}
		return "This runs a shell command that could not be analysed"
	}
	var names []string
	seen := map[string]bool{}
	effect := ""
	for _, c := range v.Commands {
		if len(c.Argv) == 0 {
			continue
		}
		name := c.Argv[0]
		if i := strings.LastIndexByte(name, '/'); i >= 0 && i < len(name)-1 {
			name = name[i+1:]
		}
		if multiplexers[name] && len(c.Argv) > 1 && !strings.HasPrefix(c.Argv[1], "-") {
			name += " " + c.Argv[1]
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, name)
		if effect == "" && !c.ReadOnly {
			effect = effectOf(c.Argv)
		}
	}
	if len(names) == 0 {
		return "This runs a shell command"
	}
	s := "This runs " + joinNames(names)
	switch {
	case v.AlwaysAsk && deletes(v):
		s += ", which deletes files"
	case effect != "":
		s += ", which " + effect
	case len(v.Reasons) > 0:
		s += ", which can change files"
	}
	return s
}

func effectOf(argv []string) string {
	name := argv[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if deleters[name] {
		return "deletes files"
	}
	if name == "go" && len(argv) > 1 {
		switch argv[1] {
		case "fmt", "fix", "mod", "get", "generate":
			return "can rewrite files"
		case "test", "run", "build", "vet":
			return "builds and runs the project's code"
		}
	}
	return effects[name]
}

func deletes(v *ShellVerdict) bool {
	for _, c := range v.Commands {
		if len(c.Argv) > 0 && deleters[c.Argv[0]] {
			return true
		}
	}
	return false
}

// joinNames lists up to three names in prose ("a, b and c"), then "and N more".
func joinNames(names []string) string {
	const most = 3
	extra := 0
	if len(names) > most {
		extra = len(names) - most
		names = names[:most]
	}
	s := strings.Join(names, ", ")
	if extra > 0 {
		return s + " and " + plural(extra, "other command")
	}
	if i := strings.LastIndex(s, ", "); i >= 0 {
		s = s[:i] + " and " + s[i+2:]
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
