package worktree

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/childenv"
)

// gitTimeout bounds one git command; a checkout of a large repository is
// the slowest of them.
var gitTimeout = 5 * time.Minute

// gitLocation are the variables that would point git at another
// repository than the one in its working directory (set when Hearth runs
// from a git hook, for one).
var gitLocation = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_PREFIX"}

// GitError is a git command that failed, with what it said.
type GitError struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *GitError) Error() string {
	msg := e.Stderr
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

func (e *GitError) Unwrap() error { return e.Err }

// exitCode is the git command's exit status, or -1 when it did not run.
func (e *GitError) exitCode() int {
	var ee *exec.ExitError
	if errors.As(e.Err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

func gitEnv(extra []string) []string {
	var env []string
outer:
	for _, kv := range childenv.Scrub(nil) {
		name, _, _ := strings.Cut(kv, "=")
		for _, l := range gitLocation {
			if strings.EqualFold(name, l) {
				continue outer
			}
		}
		env = append(env, kv)
	}
	return append(append(env, "GIT_TERMINAL_PROMPT=0", "LC_ALL=C"), extra...)
}

// git runs the git binary in dir. Hooks are off: a repository's hooks
// path may name scripts the folder itself brings.
func git(ctx context.Context, dir string, env []string, stdin io.Reader, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	full := append([]string{"-c", "core.hooksPath=" + os.DevNull, "-c", "core.quotePath=false"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Dir = dir
	cmd.Env = gitEnv(env)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%w)", err, ctx.Err())
		}
		return out.Bytes(), &GitError{Args: args, Stderr: strings.TrimSpace(errb.String()), Err: err}
	}
	return out.Bytes(), nil
}

// repo is where a project folder sits in a git repository.
type repo struct {
	top    string // the repository's working tree root
	prefix string // the folder relative to top, slash-separated, "" at the top
	head   string // the commit HEAD names
}

// findRepo is dir's repository; nil when dir is in none, the repository
// has no commit yet, or there is no git to ask.
func findRepo(ctx context.Context, dir string) (*repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, nil
	}
	out, err := git(ctx, dir, nil, nil, "rev-parse", "--show-toplevel", "--show-prefix", "--verify", "HEAD^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, nil
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != 3 {
		return nil, nil
	}
	return &repo{top: lines[0], prefix: strings.TrimSuffix(lines[1], "/"), head: lines[2]}, nil
}

func (s *Store) createGit(ctx context.Context, t *Tree, r *repo) error {
	root := s.root(t.ID)
	t.Branch, t.Base = BranchPrefix+t.ID, r.head
	if _, err := git(ctx, r.top, nil, nil, "worktree", "add", "--quiet", "-b", t.Branch, root, r.head); err != nil {
		// A half-made worktree or branch is not left behind.
		_ = removeGit(context.WithoutCancel(ctx), t, root)
		return fmt.Errorf("worktree: %w", err)
	}
	t.Path = filepath.Join(root, filepath.FromSlash(r.prefix))
	return nil
}

// removeGit removes the worktree at root and t's branch, from the
// project's repository.
func removeGit(ctx context.Context, t *Tree, root string) error {
	if _, err := os.Stat(t.Project); err != nil {
		return nil // the repository is gone, and its worktree records with it
	}
	if _, err := git(ctx, t.Project, nil, nil, "worktree", "remove", "--force", "--force", root); err != nil {
		// Already removed by hand: let git forget it.
		if _, statErr := os.Stat(root); !errors.Is(statErr, fs.ErrNotExist) {
			return fmt.Errorf("worktree: %w", err)
		}
		if _, err := git(ctx, t.Project, nil, nil, "worktree", "prune"); err != nil {
			return fmt.Errorf("worktree: %w", err)
		}
	}
	if _, err := git(ctx, t.Project, nil, nil, "rev-parse", "--verify", "--quiet", "refs/heads/"+t.Branch); err != nil {
		return nil // no branch to delete
	}
	if _, err := git(ctx, t.Project, nil, nil, "branch", "-D", "--quiet", t.Branch); err != nil {
		return fmt.Errorf("worktree: %w", err)
	}
	return nil
}

// prefixOf is the project's place in the worktree, slash-separated.
func (s *Store) prefixOf(t *Tree) string {
	rel, err := filepath.Rel(s.root(t.ID), t.Path)
	if err != nil || rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// stateTree writes the worktree as it is now, untracked files included
// and ignored ones not, as a git tree, through a copy of its index so the
// worktree's own index is not touched.
func (s *Store) stateTree(ctx context.Context, t *Tree) (string, error) {
	root := s.root(t.ID)
	out, err := git(ctx, root, nil, nil, "rev-parse", "--path-format=absolute", "--git-path", "index")
	if err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	tmp, err := os.CreateTemp("", "hearth-worktree-index-*")
	if err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	defer os.Remove(tmp.Name())
	var idxTime time.Time
	if idx, err := os.Open(strings.TrimSpace(string(out))); err == nil {
		if fi, err := idx.Stat(); err == nil {
			idxTime = fi.ModTime()
		}
		_, err = io.Copy(tmp, idx)
		idx.Close()
		if err != nil {
			tmp.Close()
			return "", fmt.Errorf("worktree: copying the index: %w", err)
		}
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	// The copy keeps the index's time: git trusts a file's cached stat
	// only when the file is older than its index, and a copy made now
	// would vouch for a same-size edit made just after the checkout.
	if !idxTime.IsZero() {
		if err := os.Chtimes(tmp.Name(), idxTime, idxTime); err != nil {
			return "", fmt.Errorf("worktree: %w", err)
		}
	}
	env := []string{"GIT_INDEX_FILE=" + tmp.Name()}
	if _, err := git(ctx, root, env, nil, "add", "--all", "--", "."); err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	out, err = git(ctx, root, env, nil, "write-tree")
	if err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// gitDiff is the unified diff of the worktree against its base commit,
// paths relative to the project folder.
func (s *Store) gitDiff(ctx context.Context, t *Tree) (string, error) {
	tree, err := s.stateTree(ctx, t)
	if err != nil {
		return "", err
	}
	args := []string{"diff", "--no-color", "--no-ext-diff", "--no-renames"}
	if p := s.prefixOf(t); p != "" {
		args = append(args, "--relative="+p)
	}
	out, err := git(ctx, s.root(t.ID), nil, nil, append(args, t.Base, tree)...)
	if err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	return string(out), nil
}

// gitChanges lists what differs between the base commit and the
// worktree's state, with both sides' content.
func (s *Store) gitChanges(ctx context.Context, t *Tree) ([]change, error) {
	tree, err := s.stateTree(ctx, t)
	if err != nil {
		return nil, err
	}
	root := s.root(t.ID)
	args := []string{"diff-tree", "-r", "-z", "--no-renames", t.Base, tree}
	prefix := s.prefixOf(t)
	if prefix != "" {
		args = append(args, "--", prefix)
	}
	out, err := git(ctx, root, nil, nil, args...)
	if err != nil {
		return nil, fmt.Errorf("worktree: %w", err)
	}
	type raw struct {
		oldMode, newMode, oldSHA, newSHA, path string
	}
	var raws []raw
	var want []string
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		meta := strings.Fields(strings.TrimPrefix(fields[i], ":"))
		if len(meta) < 5 {
			return nil, fmt.Errorf("worktree: unexpected git diff-tree line %q", fields[i])
		}
		r := raw{meta[0], meta[1], meta[2], meta[3], fields[i+1]}
		if r.oldMode == "160000" || r.newMode == "160000" {
			continue // a submodule's commit is not a file to land
		}
		raws = append(raws, r)
		if present(r.oldSHA) {
			want = append(want, t.Base+":"+r.path)
		}
	}
	blobs, err := catFiles(ctx, root, want)
	if err != nil {
		return nil, err
	}
	changes := make([]change, 0, len(raws))
	for _, r := range raws {
		rel := r.path
		if prefix != "" {
			rel = strings.TrimPrefix(rel, prefix+"/")
		}
		c := change{path: path.Clean(rel)}
		if present(r.oldSHA) {
			c.old = &blob{data: blobs[t.Base+":"+r.path], mode: gitFileMode(r.oldMode)}
		}
		// The tree's side is its file as it is: already in checkout form.
		if present(r.newSHA) {
			if c.new, err = readBlob(filepath.Join(root, filepath.FromSlash(r.path))); err != nil {
				return nil, err
			}
		}
		if !c.old.same(c.new) {
			changes = append(changes, c)
		}
	}
	return changes, nil
}

func gitFileMode(mode string) fs.FileMode {
	switch mode {
	case "100755":
		return 0o755
	case "120000":
		return fs.ModeSymlink
	}
	return 0o644
}

// present says whether a diff's object id names content (all zeros: none).
func present(sha string) bool { return strings.Trim(sha, "0") != "" }

// catFiles reads files named "<tree-ish>:<path>" as a checkout writes
// them (git's filters and line-ending conversion applied), so they
// compare with the folder's own files. One git per file: git cat-file
// --batch --filters loses the path of a "<rev>:<path>" (git 2.39).
func catFiles(ctx context.Context, dir string, specs []string) (map[string][]byte, error) {
	got := make(map[string][]byte, len(specs))
	for _, spec := range specs {
		out, err := git(ctx, dir, nil, nil, "cat-file", "--filters", spec)
		if err != nil {
			return nil, fmt.Errorf("worktree: %w", err)
		}
		got[spec] = out
	}
	return got, nil
}
