package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/worktree"
)

const worktreeSynopsis = `worktree list [--workspace DIR] [--json]
       hearth worktree diff ID [--workspace DIR]
       hearth worktree apply ID [--workspace DIR]
       hearth worktree discard ID [--workspace DIR]

Worktrees are the trees 'hearth run --worktree' works in: in a git
repository a git worktree on branch hearth/ID, elsewhere a snapshot copy,
both under the data directory. diff shows what the tree changed; apply
merges it into the folder (three-way; on any conflict nothing is applied,
the files are named and the exit is 1) and removes the tree; discard
removes the tree and its branch. ID may be any unique prefix; --workspace
only accepts a worktree of that folder.`

// dataDir is where Hearth keeps its data: $HEARTH_DATA_DIR, else beside
// the sessions database.
func dataDir(env *Env) (string, error) {
	path, err := sessionsPath(env)
	if err != nil {
		return "", err
	}
	return filepath.Dir(path), nil
}

func worktrees(env *Env) (*worktree.Store, error) {
	dir, err := dataDir(env)
	if err != nil {
		return nil, err
	}
	return worktree.NewStore(dir), nil
}

func runWorktree(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "worktree", worktreeSynopsis)
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return usageErr(env, fs, "missing subcommand (list, diff, apply or discard)")
	}
	switch rest[0] {
	case "list":
		return worktreeList(env, rest[1:])
	case "diff", "apply", "discard":
		return worktreeOne(ctx, env, rest[0], rest[1:])
	}
	return usageErr(env, fs, "unknown subcommand %q", rest[0])
}

// worktreeJSON is a worktree as list --json prints it.
type worktreeJSON struct {
	ID        string    `json:"id"`
	Project   string    `json:"project"`
	Path      string    `json:"path"`
	Branch    string    `json:"branch"`
	Base      string    `json:"base,omitempty"`
	Created   time.Time `json:"created"`
	SizeBytes int64     `json:"size_bytes"`
}

func worktreeList(env *Env, args []string) int {
	fs := newFlags(env, "worktree list", "worktree list [--workspace DIR] [--json]")
	ws := fs.String("workspace", "", "only worktrees of this folder (default: all)")
	asJSON := fs.Bool("json", false, "print JSON: an array of worktrees")
	pos, code, ok := parseInterspersed(fs, env, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		return usageErr(env, fs, "unexpected argument %q", pos[0])
	}
	s, err := worktrees(env)
	if err != nil {
		return failure(env, fs.Name(), err)
	}
	list, err := s.List(*ws)
	if err != nil {
		return failure(env, fs.Name(), err)
	}
	out := make([]worktreeJSON, 0, len(list))
	for _, t := range list {
		size, _ := s.DiskSize(&t) // a tree removed by hand still lists, at 0
		out = append(out, worktreeJSON{ID: t.ID, Project: t.Project, Path: t.Path, Branch: t.Branch,
			Base: t.Base, Created: t.Created, SizeBytes: size})
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return failure(env, fs.Name(), err)
		}
		return ExitOK
	}
	if len(out) == 0 {
		fmt.Fprintln(env.Stdout, "no worktrees")
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tBRANCH\tCREATED\tSIZE\tFOLDER\tPATH")
	for _, t := range out {
		branch := t.Branch
		if branch == "" {
			branch = "(snapshot)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, branch, t.Created.Local().Format(time.DateTime),
			humanBytes(t.SizeBytes), termSafe(t.Project), termSafe(t.Path))
	}
	tw.Flush()
	return ExitOK
}

// worktreeOne runs diff, apply or discard on one worktree.
func worktreeOne(ctx context.Context, env *Env, sub string, args []string) int {
	fs := newFlags(env, "worktree "+sub, "worktree "+sub+" ID [--workspace DIR]")
	ws := fs.String("workspace", "", "the folder the worktree was made from (refuses another's)")
	pos, code, ok := parseInterspersed(fs, env, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageErr(env, fs, "want one worktree ID, got %d argument(s)", len(pos))
	}
	s, err := worktrees(env)
	if err != nil {
		return failure(env, fs.Name(), err)
	}
	t, err := findWorktree(s, pos[0], *ws)
	if err != nil {
		return failure(env, fs.Name(), err)
	}
	switch sub {
	case "diff":
		diff, err := s.Diff(ctx, t.ID)
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		fmt.Fprint(env.Stdout, diff)
	case "apply":
		files, err := s.Apply(ctx, t.ID)
		var ce *worktree.ConflictError
		if errors.As(err, &ce) {
			fmt.Fprintf(env.Stderr, "hearth %s: nothing was applied: the folder changed these files differently:\n", fs.Name())
			for _, f := range ce.Files {
				fmt.Fprintf(env.Stderr, "  %s\n", termSafe(f))
			}
			return ExitFailure
		}
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		fmt.Fprintf(env.Stdout, "Applied %d file(s) from worktree %s to %s; the worktree was removed.\n", len(files), t.ID, termSafe(t.Project))
		for _, f := range files {
			fmt.Fprintf(env.Stdout, "  %s\n", termSafe(f))
		}
	case "discard":
		if err := s.Discard(ctx, t.ID); err != nil {
			return failure(env, fs.Name(), err)
		}
		if t.Branch != "" {
			fmt.Fprintf(env.Stdout, "Discarded worktree %s and its branch %s.\n", t.ID, t.Branch)
		} else {
			fmt.Fprintf(env.Stdout, "Discarded worktree %s.\n", t.ID)
		}
	}
	return ExitOK
}

// findWorktree is the worktree id names, refused when ws ("": any) is
// not the folder it was made from.
func findWorktree(s *worktree.Store, id, ws string) (*worktree.Tree, error) {
	t, err := s.Get(id)
	if errors.Is(err, worktree.ErrNotFound) {
		return nil, fmt.Errorf("no worktree %q (see 'hearth worktree list')", id)
	}
	if err != nil {
		return nil, err
	}
	if ws != "" {
		abs, err := filepath.Abs(ws)
		if err != nil {
			return nil, err
		}
		if abs != t.Project {
			return nil, fmt.Errorf("worktree %s is of %s, not %s", t.ID, t.Project, abs)
		}
	}
	return t, nil
}

// enterWorktree points the run at a worktree: a new one for --worktree,
// the session's own when --session continues a conversation that has one.
func (o *runOptions) enterWorktree(ctx context.Context, env *Env) error {
	s, err := worktrees(env)
	if err != nil {
		return err
	}
	switch {
	case o.worktree:
		if o.tree, err = s.Create(ctx, o.workspace); err != nil {
			return err
		}
		o.newTree = s
	case o.session != "":
		id, err := sessionWorktree(ctx, env, o.session)
		if err != nil || id == "" {
			return err
		}
		if o.tree, err = s.Get(id); errors.Is(err, worktree.ErrNotFound) {
			return fmt.Errorf("session %s worked in worktree %s, which was applied or discarded", o.session, id)
		} else if err != nil {
			return err
		}
	default:
		return nil
	}
	o.workspace = o.tree.Path
	return nil
}

// dropNewTree discards a worktree this run made when the run never
// started.
func (o *runOptions) dropNewTree(ctx context.Context) {
	if o.newTree != nil && o.tree != nil {
		_ = o.newTree.Discard(context.WithoutCancel(ctx), o.tree.ID)
	}
}

// sessionWorktree is the worktree id the session prefix names works in
// ("": none).
func sessionWorktree(ctx context.Context, env *Env, prefix string) (string, error) {
	store, err := openSessions(ctx, env)
	if err != nil {
		return "", fmt.Errorf("opening the sessions database: %w", err)
	}
	defer store.Close()
	id, err := store.Resolve(ctx, prefix)
	if errors.Is(err, session.ErrNotFound) {
		return "", fmt.Errorf("no session %q (see 'hearth sessions list')", prefix)
	}
	if err != nil {
		return "", err
	}
	sess, err := store.Get(ctx, id)
	if err != nil {
		return "", err
	}
	return sess.Worktree, nil
}

// recordWorktree keeps the run's worktree on its session, so --session
// continues there.
func (o *runOptions) recordWorktree(ctx context.Context, env *Env, store *session.Store, sessionID string) {
	if o.tree == nil || store == nil || sessionID == "" {
		return
	}
	if err := store.SetWorktree(context.WithoutCancel(ctx), sessionID, o.tree.ID); err != nil {
		fmt.Fprintf(env.Stderr, "hearth run: warning: the session does not know its worktree: %v\n", err)
	}
}

// worktreeFlag adds run's --worktree.
func (o *runOptions) worktreeFlag(fs *flag.FlagSet) {
	fs.BoolVar(&o.worktree, "worktree", false, "work in a new worktree of the workspace (a git worktree on branch hearth/ID, or a snapshot copy), leaving the folder unchanged")
}
