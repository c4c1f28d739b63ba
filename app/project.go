package app

import (
	"context"
	"path/filepath"
	"sync"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/knowledge"
)

// opened is the open project, its conversations alive in the window (by
// conversation id) and the one the chat panel shows. Before a folder
// opens the project is project.NoFolder: the person's own MCP servers,
// commands and skills.
type opened struct {
	mu    sync.Mutex
	proj  *project.Project
	convs map[string]*conversation.Conversation
	// trees holds what the conversations working in a worktree need, by
	// conversation id.
	trees map[string]*treeHold
	shown string
}

// current is the open project and the chat panel's conversation.
func (a *App) current() (*project.Project, *conversation.Conversation) {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	return a.open.proj, a.open.convs[a.open.shown]
}

// chat is the conversation the chat panel shows.
func (a *App) chat() *conversation.Conversation {
	_, c := a.current()
	return c
}

// project is the open project (NoFolder before one opens).
func (a *App) project() *project.Project {
	p, _ := a.current()
	return p
}

// workspace is the open folder, "" before one opens.
func (a *App) workspace() string { return a.project().Dir() }

// stores are what every project the desktop opens shares.
func (a *App) stores() project.Stores {
	return project.Stores{
		Settings: a.deps.Settings.Get,
		// An approval's "always" (a domain for web_fetch) is the person's setting.
		UpdateSettings: a.deps.Settings.Update,
		Keys:           a.resolveKey,
		Getenv:         a.deps.Getenv,
		Sessions:       a.sessions,
		Undo:           a.deps.Undo,
		Trust:          a.trustStore(),
		Secrets:        a.deps.Secrets,
		ConfigDir:      a.mcpDir(),
		Home:           a.deps.Home,
		Version:        a.deps.Version,
	}
}

// projectOptions: the desktop indexes the folder and runs its MCP
// servers, reporting both to the window.
// Only the latest project's index reports, so one closing in the
// background never says "closed" over its successor.
func (a *App) projectOptions() project.Options {
	gen := a.indexGen.Add(1)
	report := func(s knowledge.Status) {
		if a.indexGen.Load() == gen {
			a.emit(IndexEventName, s)
		}
	}
	return project.Options{
		Index: &project.IndexOptions{CacheDir: a.deps.IndexCacheDir, OnStatus: report},
		MCP:   &project.MCPOptions{SignIn: a.mcpSignIn, OnChange: func() { a.emit(MCPEventName, nil) }},
	}
}

// use makes p the open project with a fresh conversation that keeps the
// composer's choice, starts p's MCP servers, and closes the project it
// replaces (and its conversations) in the background.
func (a *App) use(p *project.Project) error {
	id, conv, err := a.startConversation(p)
	if err != nil {
		p.Close()
		return err
	}
	a.open.mu.Lock()
	old, oldConv, oldTrees := a.open.proj, a.open.convs[a.open.shown], a.open.trees
	if oldConv != nil {
		_ = conv.SetChoice(oldConv.Choice())
	}
	a.open.proj, a.open.convs, a.open.shown, a.open.trees = p, map[string]*conversation.Conversation{id: conv}, id, nil
	a.open.mu.Unlock()
	closeTrees(oldTrees, false)
	a.emitTree()
	a.board.reset(id)
	a.boardChanged()
	if p.Dir() != "" { // with no folder, the person's servers start when asked for
		a.startMCP(p)
	}
	if old != nil {
		a.stopServingFrom(old)
		go old.Close()
	}
	return nil
}

// startMCP starts p's servers, saying what could not be read.
func (a *App) startMCP(p *project.Project) {
	if err := p.StartMCP(); err != nil {
		a.emit("notice", FormatError(err))
	}
}

// openProject opens dir as the project, refusing while a turn runs.
func (a *App) openProject(dir string) (string, error) {
	abs, err := project.CheckDir(dir)
	if err != nil {
		return "", invalidf("workspace", err.Error())
	}
	if a.anyRunning() {
		return "", invalidf("workspace", "stop the running turns before switching folders")
	}
	p, err := project.Open(context.Background(), abs, a.stores(), a.projectOptions())
	if err != nil {
		return "", viewErr(err)
	}
	return abs, a.use(p)
}

// trustStore keeps trust beside the settings, in the user config dir.
func (a *App) trustStore() *trust.Store {
	if a.deps.Settings == nil {
		return nil
	}
	return trust.NewStore(filepath.Dir(a.deps.Settings.Path()))
}
