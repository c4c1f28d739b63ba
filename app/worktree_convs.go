package app

import (
	"context"
	"slices"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/worktree"
)

// A worktree's conversation works in a project opened on the tree, as
// 'hearth run --worktree' does, so its tools, shell, index and undo all
// work there; the window holds it beside the folder's conversations.
type treeHold struct {
	tree     *worktree.Tree
	proj     *project.Project
	recorded string // the session already told its worktree
}

// startInTree starts a conversation in tree, keeping like's choice, and
// holds it; it returns the conversation's id.
func (a *App) startInTree(tree *worktree.Tree, like *conversation.Conversation) (string, error) {
	folder := a.project()
	// Its index reports nothing: the status bar speaks of the folder's. Its
	// MCP servers are its own, started in the tree as `hearth run
	// --worktree` starts them; Settings → MCP shows the folder's.
	wp, err := project.Open(context.Background(), tree.Path, a.stores(), project.Options{
		Index:  &project.IndexOptions{CacheDir: a.deps.IndexCacheDir},
		MCP:    &project.MCPOptions{SignIn: a.mcpSignIn},
		Origin: tree.Project,
	})
	if err != nil {
		return "", viewErr(err)
	}
	id, c, err := a.startConversation(wp)
	if err != nil {
		wp.Close()
		return "", viewErr(err)
	}
	if like != nil {
		_ = c.SetChoice(like.Choice())
	}
	a.open.mu.Lock()
	ok := a.open.proj == folder
	if ok {
		a.open.convs[id] = c
		if a.open.trees == nil {
			a.open.trees = map[string]*treeHold{}
		}
		a.open.trees[id] = &treeHold{tree: tree, proj: wp}
	}
	a.open.mu.Unlock()
	if !ok {
		wp.Close()
		return "", invalidf("workspace", "the folder changed; try again")
	}
	a.startMCP(wp)
	return id, nil
}

// startForSession starts a conversation where stored conversation id
// worked (its worktree or the folder) and holds it; forget undoes that
// when the reopening fails.
func (a *App) startForSession(ctx context.Context, id string) (conv string, c *conversation.Conversation, forget func(), err error) {
	var tree *worktree.Tree
	if store, s := a.sessions(), a.deps.Worktrees; store != nil && s != nil {
		if sess, err := store.Get(ctx, id); err == nil && sess.Worktree != "" {
			if tree, err = s.Get(sess.Worktree); err != nil {
				return "", nil, nil, invalidf("session", "this conversation worked in worktree "+sess.Worktree+", which was applied or discarded")
			}
		}
	}
	if tree != nil {
		if conv, err = a.startInTree(tree, a.chat()); err != nil {
			return "", nil, nil, err
		}
		c, _ = a.conversation(conv)
		return conv, c, func() { a.drop(conv) }, nil
	}
	p := a.project()
	conv, c, err = a.startConversation(p)
	if err != nil {
		return "", nil, nil, viewErr(err)
	}
	if !a.hold(p, conv, c) {
		return "", nil, nil, invalidf("workspace", "the folder changed; try again")
	}
	return conv, c, func() { a.drop(conv) }, nil
}

// drop lets go of conversation id, closing its worktree's project.
func (a *App) drop(id string) {
	a.open.mu.Lock()
	c, p, th := a.open.convs[id], a.open.proj, a.open.trees[id]
	delete(a.open.convs, id)
	delete(a.open.trees, id)
	a.open.mu.Unlock()
	switch {
	case th != nil:
		go th.proj.Close()
	case c != nil:
		p.Forget(c)
	}
}

// treeOf is the worktree conversation id works in, nil for the folder.
func (a *App) treeOf(id string) *worktree.Tree {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	if th := a.open.trees[id]; th != nil {
		return th.tree
	}
	return nil
}

// inTree are the held conversations working in worktree treeID.
func (a *App) inTree(treeID string) map[string]*conversation.Conversation {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	out := map[string]*conversation.Conversation{}
	for id, th := range a.open.trees {
		if th.tree.ID == treeID {
			out[id] = a.open.convs[id]
		}
	}
	return out
}

// closeTrees closes the worktree projects of a folder no longer open;
// wait when the app is closing, so each index flushes its last batch.
func closeTrees(trees map[string]*treeHold, wait bool) {
	for _, th := range trees {
		if wait {
			th.proj.Close()
		} else {
			go th.proj.Close()
		}
	}
}

// emitTree tells the window where the shown conversation works.
func (a *App) emitTree() {
	a.emit(WorktreeEventName, a.shownTree())
}

// shownTree is the worktree the shown conversation works in, nil for the
// folder itself.
func (a *App) shownTree() *WorktreeView {
	id := a.shownID()
	t := a.treeOf(id)
	if t == nil {
		return nil
	}
	v := treeView(*t, 0)
	v.Conversation = id
	return &v
}

// recordTrees tells each worktree conversation's stored session the tree
// it works in once its first message made one, so reopening it continues
// there.
func (a *App) recordTrees() {
	store := a.sessions()
	if store == nil {
		return
	}
	a.open.mu.Lock()
	type pending struct {
		th      *treeHold
		session string
	}
	var todo []pending
	for id, th := range a.open.trees {
		if c := a.open.convs[id]; c != nil {
			if sid := c.SessionID(); sid != "" && sid != th.recorded {
				todo = append(todo, pending{th, sid})
			}
		}
	}
	a.open.mu.Unlock()
	for _, p := range todo {
		ctx, cancel := a.callCtx(5 * time.Second)
		err := store.SetWorktree(ctx, p.session, p.th.tree.ID)
		cancel()
		if err != nil {
			a.emit("notice", FormatError(err))
			continue
		}
		a.open.mu.Lock()
		p.th.recorded = p.session
		a.open.mu.Unlock()
	}
}

// treeIdle refuses to land or remove a tree a turn is working in.
func (a *App) treeIdle(treeID string) error {
	for _, c := range a.inTree(treeID) {
		if c != nil && c.Running() {
			return invalidf("worktree", "stop the running turn in this worktree first")
		}
	}
	return nil
}

// leftTree lets go of the conversations of a worktree removed under them;
// if one was shown, a fresh conversation in the folder is shown instead.
func (a *App) leftTree(treeID string) {
	shown := a.shownID()
	wasShown := false
	for id := range a.inTree(treeID) {
		wasShown = wasShown || id == shown
		a.drop(id)
	}
	if wasShown {
		if _, err := a.h.Chat.NewChat(); err != nil {
			a.emit("notice", FormatError(err))
		}
	}
}

// anyRunning says whether a turn runs in any held conversation, the
// folder's or a worktree's.
func (a *App) anyRunning() bool {
	return slices.ContainsFunc(a.openConversations(), (*conversation.Conversation).Running)
}

// openConversations are the window's conversations, the folder's and its
// worktrees'.
func (a *App) openConversations() []*conversation.Conversation {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	convs := make([]*conversation.Conversation, 0, len(a.open.convs))
	for _, c := range a.open.convs {
		convs = append(convs, c)
	}
	return convs
}
