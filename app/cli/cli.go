// Package cli is Hearth's headless command line: the same binary as the
// desktop app, used by scripts and acceptance checks. Its output formats and
// exit codes are a contract: 0 ok, 1 failure (message on stderr), 2 usage.
package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hearth-agent/hearth/agent/secrets"
)

// Exit codes.
const (
	ExitOK          = 0
	ExitFailure     = 1
	ExitUsage       = 2
	ExitInterrupted = 130
)

// Env is everything a command touches outside its arguments, injected so
// tests run commands in-process against temp dirs.
type Env struct {
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	Getenv  func(string) string
	Secrets *secrets.Store
	Version string
}

// OSEnv is the Env of the running process.
func OSEnv(version string) *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv,
		Secrets: secrets.New(), Version: version}
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *Env, args []string) int
}

// commands is the table of subcommands, in help order.
var commands = []command{
	{"run", "run one agent turn headless (--json for event lines)", runRun},
	{"apply", "apply SEARCH/REPLACE blocks from an LLM reply", runApply},
	{"index", "build or refresh the search index of a folder", runIndex},
	{"search", "search a folder's index (words, \"phrases\", def:, path:, ext:, /regex/)", runSearch},
	{"keys", "manage provider keys in the OS keychain", runKeys},
	{"sessions", "list, show and export saved conversations", runSessions},
	{"mcp", "list, inspect, add and remove MCP servers", runMCP},
	{"serve", "serve the agent behind an OpenAI-compatible API", runServe},
	{"acp", "be the agent of an editor over the Agent Client Protocol (stdio)", runACP},
	{"worktree", "list, diff, apply and discard the worktrees runs worked in", runWorktree},
}

// IsCommand reports whether args ask for the CLI rather than the window.
func IsCommand(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "--version", "-version", "version", "--help", "-help", "-h", "help":
		return true
	}
	_, ok := lookup(args[0])
	return ok
}

func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// Run executes one CLI invocation and returns the process exit code.
func Run(ctx context.Context, env *Env, args []string) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "--version", "-version", "version":
		fmt.Fprintf(env.Stdout, "hearth %s\n", env.Version)
		return ExitOK
	case "--help", "-help", "-h", "help":
		usage(env.Stdout)
		return ExitOK
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(env.Stderr, "hearth: unknown command %q\n", args[0])
		usage(env.Stderr)
		return ExitUsage
	}
	net := startNetLog(ctx, env)
	defer net.stop()
	return c.run(ctx, env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: hearth [COMMAND] [ARGS]\n       hearth [FOLDER]\n\nWith no command, hearth opens the desktop app (on FOLDER when given).\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  --version  print the version\n\nRun 'hearth COMMAND --help' for a command's options.")
}

// newFlags returns a FlagSet that reports errors instead of exiting, with a
// usage line printed for --help.
func newFlags(env *Env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: hearth %s\n", synopsis)
		if hasFlags(fs) {
			fmt.Fprintln(fs.Output(), "\nOptions:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parseFlags parses args; ok is false when the caller must return code.
// --help prints usage to stdout and exits 0; bad flags exit 2.
func parseFlags(fs *flag.FlagSet, env *Env, args []string) (code int, ok bool) {
	// The flag package prints usage itself before saying which error it was,
	// so it prints into a buffer that then goes to the one right stream.
	var printed bytes.Buffer
	fs.SetOutput(&printed)
	err := fs.Parse(args)
	fs.SetOutput(env.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		env.Stdout.Write(printed.Bytes())
		return ExitOK, false
	case err != nil:
		env.Stderr.Write(printed.Bytes())
		return ExitUsage, false
	}
	return 0, true
}

// usageErr prints a usage error and returns ExitUsage.
func usageErr(env *Env, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "hearth %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return ExitUsage
}

// failure prints err and returns ExitFailure.
func failure(env *Env, name string, err error) int {
	fmt.Fprintf(env.Stderr, "hearth %s: %s\n", name, strings.TrimSpace(err.Error()))
	return ExitFailure
}
