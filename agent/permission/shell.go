package permission

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxNesting bounds how deep sh -c / eval strings are parsed.
const maxNesting = 4

// ShellEnv is what judging a command needs to know about where it runs.
type ShellEnv struct {
	Workspace string // absolute; the command's working directory
	Home      string // absolute home directory of the user
	// Path is the command's PATH, to find the program each name runs;
	// empty skips the lookup.
	Path string
	// NoReadOnly judges nothing read-only: on Windows commands run in
	// PowerShell, which this POSIX parser cannot read.
	NoReadOnly bool
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
	// Programs are the files the read-only commands of the line execute,
	// as found on Path (wrappers included, builtins not).
	Programs []string
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
	j := &judge{env: env, v: &ShellVerdict{}, dirs: []string{env.Workspace}}
	j.script(line, 0)
	return *j.v
}

type judge struct {
	env ShellEnv
	v   *ShellVerdict
	cd  bool // the line may leave the workspace: relative paths are unknown
	// dirs are the directories a relative path may be relative to: the
	// workspace and every place a cd in the line may lead (a subshell's cd
	// ends with it, so every one counts everywhere).
	dirs []string

	wsReal string  // the workspace with symlinks resolved, computed lazily
	gitWhy *string // the repository's risk, computed once per line
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
			if name, ok := wordLit(ce.Args[0]); ok && (name.s == "cd" || name.s == "pushd" || name.s == "popd") {
				j.changeDir(ce.Args[1:])
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
	if j.protectedTarget(target) {
		j.always("writes to " + target.s + ", inside .git/ or Hearth's config")
	}
	j.reason("writes to " + target.s)
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
