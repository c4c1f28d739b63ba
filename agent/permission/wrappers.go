package permission

import "strings"

// wrapped is what a wrapper program runs.
type wrapped struct {
	cmd     []word
	why     string // a reason the line must ask (changes env, privileges)
	dynamic bool   // the wrapper's own arguments are computed
	appends bool   // the wrapper appends run-time arguments (xargs)
}

// optSpec lists a wrapper's options that take a separate value.
type optSpec map[string]bool

var wrappers = map[string]struct {
	valued optSpec
	skip   int // positional arguments before the command (timeout's duration)
	why    string
}{
	"nohup":   {},
	"time":    {valued: optSpec{"-f": true, "-o": true, "--format": true, "--output": true}},
	"nice":    {valued: optSpec{"-n": true, "--adjustment": true}},
	"ionice":  {valued: optSpec{"-c": true, "-n": true, "-p": true}},
	"timeout": {valued: optSpec{"-k": true, "-s": true, "--kill-after": true, "--signal": true}, skip: 1},
	"stdbuf":  {valued: optSpec{"-i": true, "-o": true, "-e": true}},
	"command": {},
	"builtin": {},
	"exec":    {valued: optSpec{"-a": true}},
	"sudo":    {valued: optSpec{"-u": true, "-g": true, "-C": true, "-D": true, "-h": true, "-p": true, "-U": true, "-r": true, "-t": true, "-T": true}, why: "runs with elevated privileges"},
	"doas":    {valued: optSpec{"-u": true, "-C": true}, why: "runs with elevated privileges"},
	"chroot":  {skip: 1, why: "changes the root directory"},
	"xargs":   {valued: optSpec{"-I": true, "-L": true, "-n": true, "-P": true, "-s": true, "-d": true, "-E": true, "-a": true, "--arg-file": true, "--delimiter": true, "--max-args": true, "--max-procs": true}},
	"env":     {valued: optSpec{"-u": true, "--unset": true, "-C": true, "--chdir": true}},
	"watch":   {valued: optSpec{"-n": true, "-d": false, "--interval": true}},
	"strace":  {valued: optSpec{"-o": true, "-e": true, "-p": true}, why: "traces a program"},
}

// unwrap returns what a wrapper runs; ok is false for non-wrappers.
func unwrap(name string, args []word) (wrapped, bool) {
	spec, ok := wrappers[name]
	if !ok {
		return wrapped{}, false
	}
	out := wrapped{why: spec.why, appends: name == "xargs"}
	skip := spec.skip
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.dynamic {
			out.dynamic = true
			continue
		}
		if a.s == "--" {
			i++
			break
		}
		if strings.HasPrefix(a.s, "-") && len(a.s) > 1 {
			if name == "command" && (a.s == "-v" || a.s == "-V") {
				return wrapped{}, true // lookup only
			}
			if name == "env" && (a.s == "-S" || strings.HasPrefix(a.s, "--split-string")) {
				out.dynamic = true
			}
			if name == "env" && (a.s == "-C" || strings.HasPrefix(a.s, "--chdir")) {
				out.why = "changes directory"
			}
			if spec.valued[a.s] {
				i++
			}
			continue
		}
		if name == "env" && strings.Contains(a.s, "=") {
			out.why = "sets environment variables for the command"
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		break
	}
	if i < len(args) {
		out.cmd = args[i:]
	} else if name == "xargs" {
		out.cmd = []word{{s: "echo"}}
	}
	if name == "watch" && len(out.cmd) > 0 {
		// watch joins its arguments into a sh -c string.
		out.cmd = append([]word{{s: "sh"}, {s: "-c"}}, joinWords(out.cmd))
	}
	return out, true
}

func joinWords(ws []word) word {
	parts := make([]string, len(ws))
	dyn := false
	for i, w := range ws {
		parts[i] = w.s
		dyn = dyn || w.dynamic
	}
	return word{s: strings.Join(parts, " "), dynamic: dyn}
}
