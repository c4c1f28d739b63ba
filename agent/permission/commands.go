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
		if j.env.Path != "" {
			j.v.Programs = append(j.v.Programs, words[0].s)
		}
	}
	args := words[1:]
	if inner, ok := unwrap(name, args); ok {
		if why := j.program(name); why != "" {
			j.add(words, argsDynamic, why)
			return
		}
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
		if why := j.program(name); why != "" {
			j.add(words, argsDynamic, why)
			return
		}
		j.find(words, depth)
		return
	}
	j.deletion(name, args, argsDynamic)
	why := j.readOnly(name, args, argsDynamic)
	if why == "" {
		why = j.program(name)
	}
	j.add(words, argsDynamic, why)
}

// add records a simple command; why == "" means it is read-only.
func (j *judge) add(words []word, argsDynamic bool, why string) {
	if why == "" && j.env.NoReadOnly {
		why = "on Windows every command asks: it runs in PowerShell, which Hearth cannot judge yet"
	}
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

// findTests are find's predicates and options that only select and print,
// with how many values each takes; a value that names a file is checked.
var findTests = map[string]int{
	"-print": 0, "-print0": 0, "-ls": 0, "-empty": 0, "-readable": 0, "-writable": 0, "-executable": 0,
	"-prune": 0, "-quit": 0, "-depth": 0, "-xdev": 0, "-mount": 0, "-noleaf": 0, "-true": 0, "-false": 0,
	"-not": 0, "!": 0, "(": 0, ")": 0, "-a": 0, "-o": 0, "-and": 0, "-or": 0, ",": 0, "-daystart": 0,
	"-ignore_readdir_race": 0, "-nouser": 0, "-nogroup": 0, "-P": 0, "-H": 0,
	"-name": 1, "-iname": 1, "-path": 1, "-ipath": 1, "-wholename": 1, "-iwholename": 1, "-regex": 1,
	"-iregex": 1, "-regextype": 1, "-type": 1, "-xtype": 1, "-maxdepth": 1, "-mindepth": 1, "-size": 1,
	"-mtime": 1, "-mmin": 1, "-atime": 1, "-amin": 1, "-ctime": 1, "-cmin": 1, "-perm": 1, "-user": 1,
	"-group": 1, "-uid": 1, "-gid": 1, "-links": 1, "-inum": 1, "-printf": 1, "-lname": 1, "-ilname": 1,
	"-used": 1, "-fstype": 1, "-newermt": 1, "-newerat": 1, "-newerct": 1, "-newerBt": 1,
	"-newer": -1, "-anewer": -1, "-cnewer": -1, "-samefile": -1, // -1: one value naming a file
}

// find is read-only when it only selects and prints; -exec commands are
// judged as commands of their own, -delete as a deletion; anything else
// (-fprint, -L, -files0-from, an unknown test) asks.
func (j *judge) find(words []word, depth int) {
	why := ""
	var starts, files []word
	leading := true
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w.dynamic {
			why = "find gets an argument computed at run time: " + w.s
			break
		}
		if leading && !strings.HasPrefix(w.s, "-") && w.s != "!" && w.s != "(" {
			starts = append(starts, w)
			continue
		}
		leading = false
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
		case "-L", "-follow":
			why = "find follows symlinks, which may lead outside the workspace"
			continue
		}
		n, ok := findTests[w.s]
		if !ok {
			if why == "" {
				why = "find " + w.s + " is not on the vetted list (it may write or run something)"
			}
			continue
		}
		if n == 0 {
			continue
		}
		if i+1 >= len(words) {
			why = "find " + w.s + " is missing its value"
			break
		}
		if n < 0 {
			files = append(files, words[i+1])
		}
		i++
	}
	if len(starts) == 0 {
		starts = []word{{s: "."}}
	}
	if why == "" {
		why = j.paths(append(starts, files...))
	}
	j.add(words, false, why)
}
