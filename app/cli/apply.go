package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/edit/patch"
)

// maxReply bounds what apply reads: a reply is text, not a data dump.
const maxReply = 64 << 20

func runApply(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "apply", "apply [--workspace DIR] [--dry-run] FILE|-\n\n"+
		"Applies the SEARCH/REPLACE blocks of an LLM reply (FILE, or - for standard input) to the\n"+
		"workspace. Every block is checked first; if any fails, no file is written. Blocks writing\n"+
		"inside .git/ or .hearth/ fail unless --allow-protected is given.")
	workspace := fs.String("workspace", ".", "the workspace `DIR` that block paths are relative to")
	dryRun := fs.Bool("dry-run", false, "check every block and report, but write nothing")
	allowProtected := fs.Bool("allow-protected", false, "let blocks write inside .git/ and .hearth/ (refused otherwise, as for the agent's tools)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageErr(env, fs, "want exactly one FILE or -, got %d arguments", fs.NArg())
	}
	reply, err := readReply(env, fs.Arg(0))
	if err != nil {
		return failure(env, "apply", err)
	}
	blocks, err := edit.ParseBlocks(reply)
	if err != nil {
		return failure(env, "apply", fmt.Errorf("cannot read the reply: %w (no file was written)", err))
	}
	if len(blocks) == 0 {
		return failure(env, "apply", errors.New("no SEARCH/REPLACE blocks found in the reply"))
	}
	root, err := os.OpenRoot(*workspace)
	if err != nil {
		return failure(env, "apply", fmt.Errorf("opening the workspace: %w", err))
	}
	defer root.Close()

	plan := patch.Prepare(ctx, root, blocks)
	if err := refuseProtected(*workspace, plan, *allowProtected); err != nil {
		return failure(env, "apply", fmt.Errorf("opening the workspace: %w", err))
	}
	ok := plan.OK()
	for _, r := range plan.Results {
		printResult(env.Stdout, r, ok, *dryRun)
	}
	switch {
	case !ok:
		fmt.Fprintf(env.Stdout, "%d of %d blocks failed: no file was written\n", plan.Failed(), len(blocks))
		return ExitFailure
	case *dryRun:
		fmt.Fprintf(env.Stdout, "dry run: %d blocks would apply to %d files; nothing written\n",
			len(blocks), len(plan.Changed()))
		return ExitOK
	}
	if err := plan.Write(ctx); err != nil {
		return failure(env, "apply", err)
	}
	fmt.Fprintf(env.Stdout, "applied %d blocks to %d files\n", len(blocks), len(plan.Changed()))
	return ExitOK
}

// refuseProtected fails each block that would write inside .git/ or
// .hearth/ (also through a symlink), by the same rule as the agent's tools,
// unless the user opted in; one refused block means nothing is written.
func refuseProtected(dir string, plan *patch.Plan, allow bool) error {
	var opts []confine.Option
	if allow {
		opts = append(opts, confine.AllowProtectedWrites())
	}
	ws, err := confine.Open(dir, opts...)
	if err != nil {
		return err
	}
	defer ws.Close()
	for i := range plan.Results {
		r := &plan.Results[i]
		if r.Err != nil {
			continue
		}
		if _, err := ws.CheckWrite(r.Path); err != nil {
			if errors.Is(err, confine.ErrProtected) {
				err = fmt.Errorf("%w (pass --allow-protected to write there)", err)
			}
			r.Err = err
		}
	}
	return nil
}

// printResult prints one line per block; a failure's details (the closest
// lines of the file) follow on indented lines.
func printResult(w io.Writer, r patch.Result, allOK, dryRun bool) {
	verb := "applied"
	switch {
	case r.Err != nil:
		first, rest, _ := strings.Cut(r.Err.Error(), "\n")
		fmt.Fprintf(w, "block %d %s: FAILED: %s\n", r.Block, r.Path, first)
		if rest != "" {
			for _, l := range strings.Split(rest, "\n") {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
		return
	case !allOK:
		verb = "would apply (not written)"
	case dryRun:
		verb = "would apply"
	}
	if r.Created {
		verb += ", creates the file"
	}
	fmt.Fprintf(w, "block %d %s: %s\n", r.Block, r.Path, verb)
}

func readReply(env *Env, name string) (string, error) {
	var r io.Reader
	if name == "-" {
		r = env.Stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxReply+1))
	if err != nil {
		return "", fmt.Errorf("reading the reply: %w", err)
	}
	if len(b) > maxReply {
		return "", fmt.Errorf("the reply is over %d MB", maxReply>>20)
	}
	return string(b), nil
}
