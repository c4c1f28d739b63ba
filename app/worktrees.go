package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
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

// inTree is the worktree the chat panel's conversation works in, and the
// project opened on it; both nil while it works in the folder.
type inTree struct {
	mu       sync.Mutex
	tree     *worktree.Tree
	proj     *project.Project
	recorded string // the session already told its worktree
}

func treeView(t worktree.Tree, size int64) WorktreeView {
	return WorktreeView{ID: t.ID, Project: t.Project, Path: t.Path, Branch: t.Branch,
		Created: t.Created.UnixMilli(), SizeBytes: size}
}

// currentTree is the worktree the chat works in, nil for the folder.
func (a *App) currentTree() *worktree.Tree {
	a.wt.mu.Lock()
	defer a.wt.mu.Unlock()
	return a.wt.tree
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

// switchChat gives the chat panel a fresh conversation in tree (nil: in
// the open folder), keeping the composer's choice; a worktree's
// conversation works in a project opened on the tree, as 'hearth run
// --worktree' does, so its tools, shell, index and undo all work there.
// It is the one place the desktop changes conversation for a worktree.
func (a *App) switchChat(tree *worktree.Tree) error {
	cur := a.chat()
	if cur != nil && cur.Running() {
		return invalidf("worktree", "stop the running turn first")
	}
	var (
		wp   *project.Project
		conv *conversation.Conversation
		err  error
	)
	if tree != nil {
		// Its index reports nothing: the status bar speaks of the folder's.
		wp, err = project.Open(context.Background(), tree.Path, a.stores(),
			project.Options{Index: &project.IndexOptions{CacheDir: a.deps.IndexCacheDir}})
		if err != nil {
			return viewErr(err)
		}
		conv, err = wp.NewConversation(sink{a})
	} else {
		conv, err = a.project().NewConversation(sink{a})
	}
	if err != nil {
		if wp != nil {
			wp.Close()
		}
		return viewErr(err)
	}
	if cur != nil {
		_ = conv.SetChoice(cur.Choice())
	}
	a.open.mu.Lock()
	a.open.conv = conv
	main := a.open.proj
	a.open.mu.Unlock()
	a.wt.mu.Lock()
	old := a.wt.proj
	a.wt.tree, a.wt.proj, a.wt.recorded = tree, wp, ""
	a.wt.mu.Unlock()
	if old != nil {
		go old.Close() // and cur with it
	} else if cur != nil {
		main.Forget(cur)
	}
	a.emitTree()
	a.sessionsChanged()
	return nil
}

// leaveTree closes the worktree project when the folder changes under it.
func (a *App) leaveTree() {
	a.wt.mu.Lock()
	old := a.wt.proj
	a.wt.tree, a.wt.proj, a.wt.recorded = nil, nil, ""
	a.wt.mu.Unlock()
	if old != nil {
		go old.Close()
		a.emitTree()
	}
}

// closeTree closes the worktree project and waits for it (the app is
// closing: its index flushes its last batch).
func (a *App) closeTree() {
	a.wt.mu.Lock()
	old := a.wt.proj
	a.wt.tree, a.wt.proj = nil, nil
	a.wt.mu.Unlock()
	if old != nil {
		old.Close()
	}
}

func (a *App) emitTree() {
	var v *WorktreeView
	if t := a.currentTree(); t != nil {
		tv := treeView(*t, 0)
		v = &tv
	}
	a.emit(WorktreeEventName, v)
}

// recordTree tells the stored conversation the worktree it works in once
// its first message made it, so reopening it continues there.
func (a *App) recordTree() {
	a.wt.mu.Lock()
	defer a.wt.mu.Unlock()
	c, store := a.chat(), a.sessions()
	if a.wt.tree == nil || c == nil || store == nil {
		return
	}
	id := c.SessionID()
	if id == "" || id == a.wt.recorded {
		return
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	if err := store.SetWorktree(ctx, id, a.wt.tree.ID); err != nil {
		a.emit("notice", FormatError(err))
		return
	}
	a.wt.recorded = id
}

// chatForSession moves the chat to where stored conversation id works
// (its worktree or the folder) before it is reopened there.
func (a *App) chatForSession(ctx context.Context, id string) error {
	store, s := a.sessions(), a.deps.Worktrees
	if store == nil || s == nil {
		return nil
	}
	sess, err := store.Get(ctx, id)
	if err != nil {
		return nil // Reopen says what is wrong
	}
	var want *worktree.Tree
	if sess.Worktree != "" {
		if want, err = s.Get(sess.Worktree); err != nil {
			return invalidf("session", "this conversation worked in worktree "+sess.Worktree+", which was applied or discarded")
		}
	}
	cur := a.currentTree()
	if (want == nil) == (cur == nil) && (want == nil || want.ID == cur.ID) {
		return nil
	}
	return a.switchChat(want)
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
// folder: a git worktree on branch hearth/<id>, or a snapshot copy.
func (a *Worktrees) NewConversation() (WorktreeView, error) {
	s, err := a.worktreeStore()
	if err != nil {
		return WorktreeView{}, err
	}
	ws := a.workspace()
	if ws == "" {
		return WorktreeView{}, invalidf("workspace", "open a folder first")
	}
	if c := a.chat(); c != nil && c.Running() {
		return WorktreeView{}, invalidf("worktree", "stop the running turn first")
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	t, err := s.Create(ctx, ws)
	if err != nil {
		return WorktreeView{}, err
	}
	if err := a.switchChat(t); err != nil {
		_ = s.Discard(context.Background(), t.ID)
		return WorktreeView{}, err
	}
	return treeView(*t, 0), nil
}

// Current is the worktree the chat works in, nil for the folder itself.
func (a *Worktrees) Current() *WorktreeView {
	t := a.currentTree()
	if t == nil {
		return nil
	}
	v := treeView(*t, 0)
	return &v
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
	if cur := a.currentTree(); cur != nil && cur.ID == t.ID {
		if err := a.switchChat(nil); err != nil {
			return err
		}
	}
	ctx, cancel := a.callCtx(worktreeTimeout)
	defer cancel()
	return s.Discard(ctx, t.ID)
}

// treeIdle refuses to land or remove the tree a turn is working in.
func (a *App) treeIdle(id string) error {
	if cur := a.currentTree(); cur != nil && cur.ID == id && a.chat().Running() {
		return invalidf("worktree", "stop the running turn in this worktree first")
	}
	return nil
}

// leftTree moves the chat back to the folder when its worktree was
// removed under it.
func (a *App) leftTree(id string) {
	if cur := a.currentTree(); cur != nil && cur.ID == id {
		if err := a.switchChat(nil); err != nil {
			a.emit("notice", FormatError(err))
		}
	}
}
