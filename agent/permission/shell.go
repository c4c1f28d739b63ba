package permission

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxNesting bounds how deep sh -c / eval strings are parsed.
const maxNesting = 4

// ShellEnv is what judging a command needs to know about where it runs.
type ShellEnv struct {
	Workspace string // absolute; the command's working directory
	Home      string // absolute home directory of the user
}

// ShellVerdict is the judgement of one command line.
type ShellVerdict struct {
	// Commands lists every simple command the line runs, wrappers
	// (env, timeout, sh -c, …) replaced by what they run.
	Commands []Command
	// Reasons are why the line cannot be allowed outright whatever the
	// rules say (a write redirection, an assignment, a function, …).
	Reasons []string
	// AlwaysAsk marks lines no rule or mode may approve: deleting the
	// workspace, the home directory or /, or anything that cannot be
	// analysed well enough to rule that out.
	AlwaysAsk bool
	AlwaysWhy string
}

// Command is one simple command.
type Command struct {
	Argv     []string // literal words; a computed word shows as its source
	Dynamic  bool     // a word's value is only known at run time
	ReadOnly bool     // on the vetted read-only list, with harmless arguments
	Why      string   // why it is not read-only
}

// ReadOnly reports whether the whole line may run without asking.
func (v ShellVerdict) ReadOnly() bool {
	if v.AlwaysAsk || len(v.Reasons) > 0 {
		return false
	}
	for _, c := range v.Commands {
		if !c.ReadOnly {
			return false
		}
	}
	return true
}

// JudgeShell parses a bash command line and judges every part of it.
func JudgeShell(line string, env ShellEnv) ShellVerdict {
	j := &judge{env: env, v: &ShellVerdict{}}
	j.script(line, 0)
	return *j.v
}

type judge struct {
	env ShellEnv
	v   *ShellVerdict
	cd  bool // the line may leave the workspace: relative paths are unknown

	wsReal string // the workspace with symlinks resolved, computed lazily
}

func (j *judge) always(why string) {
	if !j.v.AlwaysAsk {
		j.v.AlwaysAsk, j.v.AlwaysWhy = true, why
	}
}

func (j *judge) reason(why string) {
	for _, r := range j.v.Reasons {
		if r == why {
			return
		}
	}
	j.v.Reasons = append(j.v.Reasons, why)
}

func (j *judge) script(src string, depth int) {
	if depth > maxNesting {
		j.always("commands nested too deeply to analyse")
		return
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		j.always(fmt.Sprintf("the command could not be parsed (%v)", err))
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if name, ok := wordLit(ce.Args[0]); ok && (name.s == "cd" || name.s == "pushd" || name.s == "popd") && !safeCd(ce.Args[1:]) {
				j.cd = true
			}
		}
		return true
	})
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			for _, r := range n.Redirs {
				j.redirect(r)
			}
		case *syntax.CallExpr:
			j.call(n, depth)
		case *syntax.FuncDecl:
			j.reason("defines a shell function")
		case *syntax.DeclClause:
			j.reason("declares shell variables")
		case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause:
			j.reason("uses arithmetic evaluation, which can run code")
		case *syntax.TestClause, *syntax.TestDecl:
			j.reason("uses [[ ]], which can run code through variable names")
		case *syntax.CoprocClause:
			j.reason("starts a coprocess")
		case *syntax.ParamExp:
			if n.Exp != nil || n.Repl != nil || n.Slice != nil || n.Index != nil {
				j.reason("uses parameter expansion with operators")
			}
		}
		return true
	})
}

func (j *judge) call(ce *syntax.CallExpr, depth int) {
	if len(ce.Assigns) > 0 {
		if len(ce.Args) == 0 {
			j.reason("sets shell variables")
		} else {
			j.reason("sets environment variables for the command")
		}
	}
	if len(ce.Args) == 0 {
		return
	}
	words := make([]word, len(ce.Args))
	for i, w := range ce.Args {
		lw, ok := wordLit(w)
		if !ok {
			lw = word{s: source(w), dynamic: true}
		}
		words[i] = lw
	}
	j.command(words, depth, false)
}

// redirect judges one redirection: writing to a file asks; reading a file
// outside the workspace asks.
func (j *judge) redirect(r *syntax.Redirect) {
	if r.Word == nil {
		return
	}
	target, ok := wordLit(r.Word)
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return
	case syntax.DplIn, syntax.DplOut:
		if ok && (target.s == "-" || isDigits(target.s)) {
			return
		}
	}
	if !ok {
		j.reason("redirects to a computed file name")
		return
	}
	switch target.s {
	case "/dev/null", "/dev/stdout", "/dev/stderr":
		return
	}
	if r.Op == syntax.RdrIn {
		if j.outside(target) {
			j.reason("reads " + target.s + " from outside the workspace")
		}
		return
	}
	if p, known := j.resolve(target.s); !known || j.inProtected(p) {
		j.always("writes to " + target.s + ", inside .git/ or Hearth's config")
	}
	j.reason("writes to " + target.s)
}

// outside reports whether a path argument may name something outside the
// workspace.
func (j *judge) outside(w word) bool {
	if w.dynamic {
		return true
	}
	p, known := j.resolve(w.s)
	if !known {
		return true
	}
	if w.glob && strings.Contains(w.s, ".*") {
		return true // ".*" can match ".."
	}
	if !within(p, j.env.Workspace) {
		return true
	}
	return j.linksOut(p, w.glob)
}

// linksOut reports whether an existing path inside the workspace (or, for a
// glob, any of its matches) is a symlink leading outside: the shell is not
// confined like the file tools, and a cloned repository can carry such links.
func (j *judge) linksOut(p string, glob bool) bool {
	if j.wsReal == "" {
		j.wsReal = j.env.Workspace
		if real, err := filepath.EvalSymlinks(j.env.Workspace); err == nil {
			j.wsReal = real
		}
	}
	matches := []string{p}
	if glob {
		var err error
		if matches, err = filepath.Glob(p); err != nil {
			return true
		}
	}
	for _, m := range matches {
		real, err := filepath.EvalSymlinks(m)
		if err != nil {
			continue // nothing there yet: nothing to leak
		}
		if !within(filepath.ToSlash(real), filepath.ToSlash(j.wsReal)) {
			return true
		}
	}
	return false
}

// resolve turns a literal path word into an absolute clean path. known is
// false when the result depends on run-time state (a cd, ~user).
func (j *judge) resolve(s string) (p string, known bool) {
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		return path.Clean(path.Join(j.env.Home, strings.TrimPrefix(s, "~"))), j.env.Home != ""
	case strings.HasPrefix(s, "~"):
		return "", false
	case strings.HasPrefix(s, "/"):
		return path.Clean(s), true
	case j.cd:
		return "", false
	}
	return path.Clean(path.Join(j.env.Workspace, s)), true
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func source(n syntax.Node) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, n)
	return b.String()
}

// safeCd reports whether cd's arguments can only descend inside the
// workspace (a relative literal path without ".."), so later relative paths
// still resolve inside it.
func safeCd(args []*syntax.Word) bool {
	if len(args) != 1 {
		return false
	}
	w, ok := wordLit(args[0])
	if !ok || w.glob || w.s == "" || w.s == "-" || strings.HasPrefix(w.s, "/") || strings.HasPrefix(w.s, "~") || strings.HasPrefix(w.s, "-") {
		return false
	}
	for _, part := range strings.Split(w.s, "/") {
		if part == ".." {
			return false
		}
	}
	return true
}

// inProtected reports whether p is inside the workspace's .git or .hearth.
func (j *judge) inProtected(p string) bool {
	for _, dir := range []string{".git", ".hearth"} {
		if within(strings.ToLower(p), strings.ToLower(path.Join(j.env.Workspace, dir))) {
			return true
		}
	}
	return false
}
