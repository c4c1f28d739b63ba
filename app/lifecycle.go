package app

import "github.com/hearth-agent/hearth/agent/session"

// Lifecycle is what the program, not the webview, calls on the app. It is
// a type of its own so that Wails, which binds every exported method of
// App, never offers it to the page.
type Lifecycle struct{ a *App }

// LifecycleOf is a's lifecycle.
func LifecycleOf(a *App) Lifecycle { return Lifecycle{a} }

// OpenSessionsInBackground opens the conversation store off the window's
// critical path; see App.openSessionsInBackground.
func (l Lifecycle) OpenSessionsInBackground(open func() (*session.Store, error)) {
	l.a.openSessionsInBackground(open)
}

// Close ends the app's work before the process exits.
func (l Lifecycle) Close() { l.a.close() }
