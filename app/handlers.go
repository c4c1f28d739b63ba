package app

// The bound surface is one handler per area of the window, each a small
// set of methods the page may call; Wails binds every exported method of
// each (testdata/bound.txt lists them). They embed the App for its state
// and helpers, and App itself has no exported method, so nothing of it is
// bound twice or by accident.
type (
	// Chat runs the open conversation's turns.
	Chat struct{ *App }
	// Composer is what the composer offers and picks: model, mode,
	// commands, skills, starters, files to mention.
	Composer struct{ *App }
	// Project opens folders and says what they bring: trust, permissions,
	// the index and search.
	Project struct{ *App }
	// Sessions are the stored conversations.
	Sessions struct{ *App }
	// Settings are the person's preferences, providers and keys.
	Settings struct{ *App }
	// Shell is the window's own: first run, version, warnings, geometry.
	Shell struct{ *App }
	// MCP configures and shows the MCP servers.
	MCP struct{ *App }
	// Serve serves the agent to other programs.
	Serve struct{ *App }
	// Processes are the shown conversation's background commands.
	Processes struct{ *App }
	// Worktrees are the open folder's worktrees: a conversation in one,
	// its changes reviewed and landed.
	Worktrees struct{ *App }
)

// handlers are the App's bound handlers.
type handlers struct {
	Chat      *Chat
	Composer  *Composer
	Project   *Project
	Sessions  *Sessions
	Settings  *Settings
	Shell     *Shell
	MCP       *MCP
	Serve     *Serve
	Worktrees *Worktrees
	Processes *Processes
}

func newHandlers(a *App) handlers {
	return handlers{&Chat{a}, &Composer{a}, &Project{a}, &Sessions{a}, &Settings{a}, &Shell{a}, &MCP{a}, &Serve{a}, &Worktrees{a}, &Processes{a}}
}

// bound is what Wails binds: every handler.
func (h handlers) bound() []any {
	return []any{h.Chat, h.Composer, h.Project, h.Sessions, h.Settings, h.Shell, h.MCP, h.Serve, h.Worktrees, h.Processes}
}
