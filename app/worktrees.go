package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/worktree"
)

// WorktreeEventName tells the window where the chat panel's conversation
// works: its payload is a *WorktreeView, nil for the open folder itself.
const WorktreeEventName = "worktree"

// worktreeTimeout bounds making or landing a worktree; a checkout of a
// large repository is the slowest.
const worktreeTimeout = 5 * time.Minute

// WorktreeView is one worktree of the open folder.
type WorktreeView struct {
	ID      string `json:"id"`
	Project string `json:"project"`
	Path    string `json:"path"`
	// Branch is the worktree's git branch; "" for a snapshot copy.
	Branch    string `json:"branch"`
	Created   int64  `json:"created"` // unix ms
	SizeBytes int64  `json:"sizeBytes"`
	// Conversation is the conversation working in it: the one NewConversation
	// started, or the shown one for Current and the "worktree" event, so the
	// window can tell an event that overtook a switch from the chat it shows.
	Conversation string `json:"conversation,omitempty"`
}

// ApplyView is what "Apply to my folder" did: the files written, or the
// files in conflict when nothing was.
type ApplyView struct {
	Files     []string `json:"files"`
	Conflicts []string `json:"conflicts"`
	// Removed says the folder now holds all the worktree changed, so the
	// worktree was removed.
	Removed bool `json:"removed"`
}

func treeView(t worktree.Tree, size int64) WorktreeView {
	return WorktreeView{ID: t.ID, Project: t.Project, Path: t.Path, Branch: t.Branch,
		Created: t.Created.UnixMilli(), SizeBytes: size}
}

func (a *App) worktreeStore() (*worktree.Store, error) {
	if a.deps.Worktrees == nil {
		return nil, errors.New("worktrees are not available")
	}
	return a.deps.Worktrees, nil
}

// ownTree is the open folder's worktree id names; another folder's is
// refused, so the page reaches no tree but those it lists.
func (a *App) ownTree(id string) (*worktree.Store, *worktree.Tree, error) {
	s, err := a.worktreeStore()
	if err != nil {
		return nil, nil, err
	}
	t, err := s.Get(id)
	if errors.Is(err, worktree.ErrNotFound) || (err == nil && t.Project != a.workspace()) {
		return nil, nil, invalidf("worktree", "no worktree "+id+" of the open folder")
	}
	return s, t, err
}

// treePaths are where the open folder's worktrees work, by path.
func (a *App) treePaths() map[string]string {
	out := map[string]string{}
	if s := a.deps.Worktrees; s != nil && a.workspace() != "" {
		ts, _ := s.List(a.workspace())
		for _, t := range ts {
			out[t.Path] = t.ID
		}
	}
	return out
}

// NewConversation starts a conversation in a new worktree of the open
// folder (a git worktree on branch hearth/<id>, or a snapshot copy) and
// shows it; the others' turns go on.
func (a *Worktrees) NewConversation() (WorktreeView, error) {
	s, err := a.worktreeStore()
	if err != nil {
		return WorktreeView{}, err
	}
	ws := a.workspace()
	if ws == "" {
		return WorktreeView{}, invalidf("workspace", "open a folder first")
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	t, err := s.Create(ctx, ws)
	if err != nil {
		return WorktreeView{}, err
	}
	id, err := a.startInTree(t, a.chat())
	if err != nil {
		_ = s.Discard(context.Background(), t.ID)
		return WorktreeView{}, err
	}
	a.show(id)
	v := treeView(*t, 0)
	v.Conversation = id
	return v, nil
}

// Current is the worktree the shown conversation works in, nil for the
// folder itself.
func (a *Worktrees) Current() *WorktreeView {
	return a.shownTree()
}

// List is the open folder's worktrees with the disk each takes, oldest
// first, so none is forgotten.
func (a *Worktrees) List() ([]WorktreeView, error) {
	out := []WorktreeView{}
	s := a.deps.Worktrees
	if s == nil || a.workspace() == "" {
		return out, nil
	}
	ts, err := s.List(a.workspace())
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		size, _ := s.DiskSize(&t) // a tree removed by hand still lists, at 0
		out = append(out, treeView(t, size))
	}
	return out, nil
}

// Changes lists what the worktree changed, file by file and hunk by hunk.
func (a *Worktrees) Changes(id string) ([]worktree.FileChange, error) {
	s, t, err := a.ownTree(id)
	if err != nil {
		return nil, err
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	return s.Changes(ctx, t.ID)
}

// Apply merges the chosen files (path → hunk indexes, none for the whole
// file) into the folder, all or nothing; a conflict is reported, not
// thrown, with the folder untouched. A worktree fully applied is removed.
func (a *Worktrees) Apply(id string, files map[string][]int) (ApplyView, error) {
	s, t, err := a.ownTree(id)
	if err != nil {
		return ApplyView{}, err
	}
	if err := a.treeIdle(t.ID); err != nil {
		return ApplyView{}, err
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	res, err := s.ApplySelected(ctx, t.ID, worktree.Selection(files))
	var ce *worktree.ConflictError
	var se *worktree.SelectionError
	switch {
	case errors.As(err, &ce):
		return ApplyView{Files: []string{}, Conflicts: ce.Files}, nil
	case errors.As(err, &se):
		return ApplyView{}, invalidf("selection", se.Error())
	case err != nil:
		return ApplyView{}, err
	}
	if res.Removed {
		a.leftTree(t.ID)
		a.forgetTreeTrust(t)
	}
	return ApplyView{Files: res.Files, Conflicts: []string{}, Removed: res.Removed}, nil
}

// Commit commits what the worktree changed on its branch hearth/<id>.
func (a *Worktrees) Commit(id, message string) (string, error) {
	s, t, err := a.ownTree(id)
	if err != nil {
		return "", err
	}
	if err := a.treeIdle(t.ID); err != nil {
		return "", err
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	sha, err := s.Commit(ctx, t.ID, message)
	var se *worktree.SelectionError
	switch {
	case errors.Is(err, worktree.ErrSnapshot), errors.Is(err, worktree.ErrNothingToCommit):
		return "", invalidf("commit", err.Error())
	case errors.As(err, &se):
		return "", invalidf("message", se.Reason)
	}
	return sha, err
}

// Discard removes the worktree and its branch; the chat working there
// moves back to the folder first.
func (a *Worktrees) Discard(id string) error {
	s, t, err := a.ownTree(id)
	if err != nil {
		return err
	}
	if err := a.treeIdle(t.ID); err != nil {
		return err
	}
	a.leftTree(t.ID)
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	if err := s.Discard(ctx, t.ID); err != nil {
		return err
	}
	a.forgetTreeTrust(t)
	return nil
}

// forgetTreeTrust drops what was trusted in a removed worktree, so the
// trust record does not keep folders that no longer exist. The removal
// itself succeeded, so a failure here is only told.
func (a *Worktrees) forgetTreeTrust(t *worktree.Tree) {
	store := a.trustStore()
	if store == nil {
		return
	}
	if err := store.Forget(t.Path); err != nil {
		a.emit("notice", FormatError(fmt.Errorf("the removed worktree's trust stays recorded: %w", err)))
	}
}
