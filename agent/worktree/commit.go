package worktree

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrSnapshot is a git-only operation asked of a snapshot copy.
var ErrSnapshot = errors.New("a snapshot copy has no branch")

// ErrNothingToCommit is a commit asked of a worktree with no change.
var ErrNothingToCommit = errors.New("the worktree has nothing to commit")

// fallbackIdentity signs a commit when the person has set no git identity,
// so committing on the branch works on a fresh machine.
var fallbackIdentity = []string{"GIT_AUTHOR_NAME=Hearth", "GIT_AUTHOR_EMAIL=hearth@localhost",
	"GIT_COMMITTER_NAME=Hearth", "GIT_COMMITTER_EMAIL=hearth@localhost"}

// Commit records everything the worktree changed (untracked files
// included, ignored ones not) as one commit on its branch hearth/<id>,
// and returns the commit's id. The tree stays: Changes and Apply still
// compare it with where it started.
func (s *Store) Commit(ctx context.Context, id, message string) (string, error) {
	t, err := s.Get(id)
	if err != nil {
		return "", err
	}
	if t.Snapshot() {
		return "", fmt.Errorf("worktree %s: %w", t.ID, ErrSnapshot)
	}
	message = strings.TrimSpace(message)
	if message == "" {
		return "", &SelectionError{Reason: "a commit needs a message"}
	}
	root := s.root(t.ID)
	if _, err := git(ctx, root, nil, nil, "add", "--all", "--", "."); err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	if _, err := git(ctx, root, nil, nil, "diff", "--cached", "--quiet"); err == nil {
		return "", fmt.Errorf("worktree %s: %w", t.ID, ErrNothingToCommit)
	}
	var env []string
	if out, err := git(ctx, root, nil, nil, "config", "user.email"); err != nil || strings.TrimSpace(string(out)) == "" {
		env = fallbackIdentity
	}
	if _, err := git(ctx, root, env, strings.NewReader(message), "-c", "commit.gpgSign=false",
		"commit", "--quiet", "--no-verify", "--file=-"); err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	out, err := git(ctx, root, nil, nil, "rev-parse", "HEAD")
	if err != nil {
		return "", fmt.Errorf("worktree: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
