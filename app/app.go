// Package app is the Wails-bound facade between the desktop UI and Hearth's
// domain packages. It is the only package that imports the Wails runtime;
// its bound methods validate input, call the domain, and translate results
// into plain view structs for the frontend.
package app

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/agent/worktree"
)

// Deps are the domain services the app is built from (composition root:
// desktop.go).
type Deps struct {
	Settings *settings.Store
	Secrets  *secrets.Store
	HTTP     *http.Client
	Getenv   func(string) string
	// IndexCacheDir holds knowledge indexes; "" is os.UserCacheDir()/Hearth/index.
	IndexCacheDir string
	// Undo keeps per-turn file snapshots; nil disables Undo turn.
	Undo *undo.Store
	// Sessions stores conversations; nil runs the chat unsaved.
	Sessions *session.Store
	// Warnings are problems found while starting, shown in a banner.
	Warnings []string
	// Version is the program's, reported by the served API's /health and
	// Settings → About.
	Version string
	// Home holds the user's own commands, skills and hooks; "" has none.
	Home string
	// Worktrees keeps conversations' worktrees; nil offers none.
	Worktrees *worktree.Store
	// Painted runs once, on the bound call that reports the window's first
	// frame (so it must not block): the composition hands back memory used
	// only to start.
	Painted func()
}

// App holds the bound methods. Wails gives it one context at startup, needed
// by every runtime call; it is the only context kept in a struct.
type App struct {
	deps       Deps
	runtimeCtx context.Context
	// emit publishes an event to the frontend; set at startup (Wails) or by
	// tests. Nil until then: events before the window exists are dropped.
	emit func(name string, data any)
	// h are the bound handlers.
	h handlers
	// open is the open project and the chat panel's conversation.
	open opened
	// indexGen counts the indexes opened: an index's notices go out only
	// while it is the latest.
	indexGen atomic.Uint64

	mcp mcpRunner
	// probes keeps what servers said of their models (vision) for a while.
	probes *assembly.Cache
	// serving is the agent served to other programs (serve.go).
	serving serving
	// net keeps the app's requests in the network log (network.go).
	net netRecorder
	// notes are the desktop notifications (notify.go).
	notes notifications
	// board is each live conversation's state for the sidebar (board.go).
	board board
	// processesTelling keeps one Processes panel list going out at a time
	// (tellProcesses).
	processesTelling sync.Mutex
	// title sets the window's title (the Wails runtime; a no-op until the
	// window starts); titled is the last one set.
	title  func(string)
	titled atomic.Value
	// urgent sets or clears the window's urgency hint (a no-op until the
	// window opens); urgentNow is what it was last told.
	urgent    func(bool)
	urgentNow atomic.Bool
	// painted makes Deps.Painted run once however often the page reloads.
	painted sync.Once

	mu       sync.Mutex // guards the fields below
	store    *session.Store
	warnings []string
}

// New builds the facade.
func New(deps Deps) *App {
	if deps.HTTP == nil {
		deps.HTTP = egress.Client(egress.Model, egress.WithTimeout(15*time.Second))
	}
	a := &App{deps: deps, store: deps.Sessions, warnings: append([]string(nil), deps.Warnings...)}
	a.emit = func(string, any) {}
	a.title = func(string) {}
	a.urgent = func(bool) {}
	a.h = newHandlers(a)
	a.probes = assembly.NewCache()
	if err := a.use(project.NoFolder(a.stores(), a.projectOptions())); err != nil {
		a.warnings = append(a.warnings, err.Error())
	}
	return a
}

func (a *App) resolveKey(ctx context.Context, id string) (string, error) {
	key, _, err := a.deps.Secrets.Resolve(ctx, id)
	return key, err
}

// setTitle sets the window's title when it changes.
func (a *App) setTitle(t string) {
	if prev, _ := a.titled.Swap(t).(string); prev != t {
		a.title(t)
	}
}

// setEmitter installs the function events go out through.
func (a *App) setEmitter(fn func(name string, data any)) { a.emit = fn }

func (a *App) startup(ctx context.Context) { a.runtimeCtx = ctx }

// callCtx bounds one bound call: Wails calls have no cancellation of their own.
func (a *App) callCtx(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}

// sessions is the conversation store, or nil while it opens (or if it
// could not be opened): the chat then runs unsaved.
func (a *App) sessions() *session.Store {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.store
}

// openSessionsInBackground opens the conversation store off the UI's
// critical path (its integrity check grows with the database) and tells
// the sidebar when it is ready; a failure becomes a startup warning.
func (a *App) openSessionsInBackground(open func() (*session.Store, error)) {
	go func() {
		s, err := open()
		a.mu.Lock()
		if err != nil {
			a.warnings = append(a.warnings, "Conversations will not be saved: "+err.Error())
		} else {
			a.store = s
		}
		a.mu.Unlock()
		if err != nil {
			a.emit("notice", FormatError(err))
			return
		}
		a.sessionsChanged()
	}()
}

// shutdown stops a running turn and releases the workspace index
// (flushing its last batch). The sessions database is closed by whoever
// opened it.
func (a *App) shutdown() {
	a.h.Serve.StopServing()
	a.open.mu.Lock()
	trees := a.open.trees
	a.open.trees = nil
	a.open.mu.Unlock()
	closeTrees(trees, true)
	a.project().Close()
}

// close ends the app's work before the process exits: a running turn is
// stopped and given a moment to be saved as stopped, then the sessions
// database is closed (checkpointing its log).
func (a *App) close() {
	a.shutdown()
	// The window's own list: a closed project no longer lists its
	// conversations, whose turns may still be saving.
	saved := time.NewTimer(2 * time.Second)
	defer saved.Stop()
	for _, c := range a.openConversations() {
		select {
		case <-c.Idle():
		case <-saved.C:
		}
	}
	a.net.stopRecording() // before the store closes: it writes there
	a.mu.Lock()
	s := a.store
	a.store = nil
	a.mu.Unlock()
	if s != nil {
		_ = s.Close()
	}
}

// Version is the program's version, as the build set it, for Settings → About.
func (a *Shell) Version() string {
	return a.deps.Version
}

// ExecutablePath is where the running hearth binary is, links resolved,
// for the editor configuration Settings shows (`hearth acp`).
func (a *Shell) ExecutablePath() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return p, nil
}
