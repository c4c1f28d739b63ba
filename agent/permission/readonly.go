package permission

import (
	"strings"
)

// argCheck vets a read-only program's arguments; it returns "" when they
// are harmless, else why the call must ask.
type argCheck func(args []word) string

// readOnlyPrograms is the vetted list of programs that only read. Each
// refuses the options that would make it write or run something.
var readOnlyPrograms = map[string]argCheck{
	"ls": none, "cat": none, "head": none, "tail": none, "wc": none, "nl": none, "tac": none,
	"rev": none, "od": none, "strings": none, "file": none, "stat": none, "du": none, "df": none,
	"cut": none, "tr": none, "diff": none, "cmp": none, "comm": none,
	// Following symlinks while recursing could read outside the workspace.
	"grep": forbid("-R", "--dereference-recursive"), "egrep": forbid("-R", "--dereference-recursive"),
	"fgrep":    forbid("-R", "--dereference-recursive"),
	"readlink": none, "realpath": none, "md5sum": none, "sha1sum": none,
	"sha256sum": none, "sha512sum": none, "column": none, "expand": none, "fold": none,
	"paste": none, "jq": none, "pwd": none, "echo": none, "true": none, "false": none,
	"basename": none, "dirname": none, "which": none, "type": none, "uname": none,
	"whoami": none, "id": none, "seq": none, "sleep": none, "printenv": none, "cd": none,
	"pushd": none, "popd": none, "hostname": noPositional, "date": forbid("-s", "--set"),
	"printf": forbid("-v"),
	"sort":   forbid("-o", "--output", "--compress-program"),
	"uniq":   atMostPositional(1),
	"tree":   forbid("-o", "-R"),
	"rg":     forbid("--pre", "--hostname-bin", "--search-zip", "-z", "-L", "--follow"),
	"git":    gitReadOnly,
	"go":     goReadOnly,
	"less":   nil, // interactive: never auto-approved, listed for clarity
	"test":   nil, // test -v can evaluate code in array subscripts
	"[":      nil,
}

// noFiles are read-only programs whose arguments are not paths.
var noFiles = map[string]bool{
	"echo": true, "printf": true, "true": true, "false": true, "pwd": true, "date": true,
	"uname": true, "whoami": true, "id": true, "seq": true, "sleep": true, "basename": true,
	"dirname": true, "which": true, "type": true, "hostname": true, "printenv": true,
	"cd": true, "pushd": true, "popd": true,
}

// readOnly returns "" when the program is on the vetted list with harmless
// arguments that stay inside the workspace, else why it must ask.
func (j *judge) readOnly(name string, args []word, argsDynamic bool) string {
	check, ok := readOnlyPrograms[name]
	if !ok || check == nil {
		return name + " is not on the read-only list"
	}
	if noFiles[name] {
		if name == "cd" || name == "pushd" {
			if why := j.paths(args); why != "" {
				return why
			}
		}
		return check(args)
	}
	if argsDynamic {
		return name + " gets arguments computed at run time"
	}
	if why := check(args); why != "" {
		return why
	}
	return j.paths(args)
}

// paths asks for any argument that may name a file outside the workspace.
func (j *judge) paths(args []word) string {
	for _, a := range args {
		if a.dynamic {
			return "an argument is computed at run time: " + a.s
		}
		s := a.s
		if strings.HasPrefix(s, "-") {
			i := strings.IndexAny(s, "/~=")
			if i < 0 {
				continue
			}
			if s[i] == '=' {
				i++
			}
			s = s[i:]
		}
		if s == "/dev/null" || s == "" {
			continue
		}
		if j.outside(word{s: s, glob: a.glob}) {
			return "reads " + a.s + ", which may be outside the workspace"
		}
	}
	return ""
}

func none([]word) string { return "" }

func noPositional(args []word) string {
	for _, a := range args {
		if !strings.HasPrefix(a.s, "-") {
			return "changes settings"
		}
	}
	return ""
}

func atMostPositional(n int) argCheck {
	return func(args []word) string {
		count := 0
		for _, a := range args {
			if !strings.HasPrefix(a.s, "-") {
				count++
			}
		}
		if count > n {
			return "writes to an output file"
		}
		return ""
	}
}

// forbid rejects the listed options, in "-o x", "-ox" and "--opt=x" forms.
func forbid(opts ...string) argCheck {
	return func(args []word) string {
		for _, a := range args {
			for _, o := range opts {
				if a.s == o || strings.HasPrefix(a.s, o+"=") || inCluster(a.s, o) {
					return "uses " + o + ", which writes or runs programs"
				}
			}
		}
		return ""
	}
}

// inCluster reports whether a short option like "-o" appears in a cluster
// such as "-ro" (conservatively: anywhere after the dash).
func inCluster(arg, opt string) bool {
	if len(opt) != 2 || opt[0] != '-' || !strings.HasPrefix(arg, "-") || strings.HasPrefix(arg, "--") {
		return false
	}
	return strings.IndexByte(arg[1:], opt[1]) >= 0
}
