package permission

import (
	"path"
	"strings"
)

// standardBins are directories whose programs are judged by their base name
// (/bin/rm is rm); any other path names a program of unknown behaviour.
var standardBins = map[string]bool{"/bin": true, "/usr/bin": true, "/usr/local/bin": true, "/sbin": true, "/usr/sbin": true}

var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "ash": true}

// command judges one simple command. argsDynamic is set when a wrapper
// (xargs, find -exec) appends arguments known only at run time.
func (j *judge) command(words []word, depth int, argsDynamic bool) {
	if len(words) == 0 {
		return
	}
	if words[0].dynamic || words[0].glob {
		j.always("the program to run is computed at run time: " + words[0].s)
		j.add(words, argsDynamic, "computed program name")
		return
	}
	name := words[0].s
	if strings.Contains(name, "/") {
		if !standardBins[path.Dir(name)] {
			j.add(words, argsDynamic, "runs a program by path: "+name)
			j.deletion(path.Base(name), words[1:], argsDynamic)
			return
		}
		name = path.Base(name)
	}
	args := words[1:]
	if inner, ok := unwrap(name, args); ok {
		j.wrapper(name, words, inner, depth, argsDynamic)
		return
	}
	switch {
	case shells[name]:
		j.shell(words, depth)
		return
	case name == "eval":
		j.nested(words, args, depth)
		return
	case name == "find":
		j.find(words, depth)
		return
	}
	j.deletion(name, args, argsDynamic)
	j.add(words, argsDynamic, j.readOnly(name, args, argsDynamic))
}

// add records a simple command; why == "" means it is read-only.
func (j *judge) add(words []word, argsDynamic bool, why string) {
	c := Command{Dynamic: argsDynamic, Why: why, ReadOnly: why == ""}
	for _, w := range words {
		c.Argv = append(c.Argv, w.s)
		c.Dynamic = c.Dynamic || w.dynamic
	}
	j.v.Commands = append(j.v.Commands, c)
}

// wrapper records the wrapper itself (never read-only when it changes the
// environment or privileges) and judges what it runs.
func (j *judge) wrapper(name string, words []word, inner wrapped, depth int, argsDynamic bool) {
	if inner.why != "" {
		j.reason(inner.why)
	}
	if inner.dynamic {
		j.always(name + " arguments are computed at run time")
	}
	if len(inner.cmd) == 0 {
		// env or command -v with nothing to run only prints.
		j.add(words, argsDynamic, "")
		return
	}
	j.command(inner.cmd, depth, argsDynamic || inner.appends)
}

// shell judges sh -c 'script' by parsing the script; a shell reading a
// script from stdin or a file cannot be judged at all.
func (j *judge) shell(words []word, depth int) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w.dynamic:
			j.always("a shell is started with computed arguments")
			j.add(words, false, "starts a shell")
			return
		case w.s == "-o" || w.s == "+o" || w.s == "-O" || w.s == "+O":
			i++ // option with a value
		case strings.HasPrefix(w.s, "--"):
		case (strings.HasPrefix(w.s, "-") || strings.HasPrefix(w.s, "+")) && strings.Contains(w.s, "c"):
			if i+1 >= len(words) || words[i+1].dynamic {
				j.always("sh -c runs a script computed at run time")
				j.add(words, false, "starts a shell")
				return
			}
			j.script(words[i+1].s, depth+1)
			return
		case strings.HasPrefix(w.s, "-") || strings.HasPrefix(w.s, "+"):
		default:
			j.add(words, false, "runs the shell script "+w.s)
			return
		}
	}
	j.always("a shell reads commands from its input, which cannot be checked")
	j.add(words, false, "starts a shell reading its input")
}

// nested judges eval's arguments as a script.
func (j *judge) nested(words, args []word, depth int) {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		if a.dynamic {
			j.always("eval runs a string computed at run time")
			j.add(words, false, "eval of a computed string")
			return
		}
		parts = append(parts, a.s)
	}
	j.script(strings.Join(parts, " "), depth+1)
}

// find is read-only unless it runs or deletes; -exec commands are judged.
func (j *judge) find(words []word, depth int) {
	why := ""
	var starts []word
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch w.s {
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(words) && words[end].s != ";" && words[end].s != "+" {
				end++
			}
			j.command(words[i+1:end], depth, true)
			why = "find runs commands"
			i = end
			continue
		case "-delete":
			why = "find deletes files"
			if len(starts) == 0 {
				starts = []word{{s: "."}}
			}
			j.deleteTargets(starts, false)
			continue
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			why = "find writes to a file"
		case "-L", "-follow":
			why = "find follows symlinks, which may lead outside the workspace"
		}
		if strings.HasPrefix(w.s, "-") || w.s == "!" || w.s == "(" || w.s == ")" {
			continue
		}
		if len(starts) == i-1 { // still in the leading path list
			starts = append(starts, w)
		}
	}
	if why == "" {
		why = j.paths(words[1:])
	}
	j.add(words, false, why)
}
