package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/agent/worktree"
	"github.com/hearth-agent/hearth/app"
	"github.com/hearth-agent/hearth/gcpolicy"
	"github.com/hearth-agent/hearth/workingset"
)

//go:embed all:frontend/dist
var frontendDist embed.FS

// windowIcon is the window's own icon, 256 px: GTK decodes it on the main
// thread before the window maps, and the packages' 1024 px, 16-bit
// appicon.png took a tenth of a second there and megabytes of pixels.
//
//go:embed build/windowicon.png
var windowIcon []byte

// desktopMemoryLimit keeps the Go heap (mostly the knowledge index's first
// build) within a soft bound unless GOMEMLIMIT says otherwise, so a large
// workspace's build does not take the memory of a window left open.
const desktopMemoryLimit = 350 << 20

// desktopHeapFloor lets the heap grow this far past what a collection
// left live before the next one (gcpolicy.KeepHeapFloor): a small
// project's index leaves little live, and collecting that often put a
// collection in the slowest searches.
const desktopHeapFloor = 32 << 20

// runDesktop is the composition root of the desktop app; workspace is the
// folder to open ("" for the last one).
func runDesktop(workspace string) int {
	app.TraceStartup(os.Getenv, "main")
	if err := app.LoadToolkit(); err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		return 1
	}
	app.TraceStartup(os.Getenv, "toolkit")
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(desktopMemoryLimit)
	}
	defer gcpolicy.KeepHeapFloor(desktopHeapFloor)()
	dir, err := settings.DefaultDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		return 1
	}
	store, err := settings.Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		return 1
	}
	if w := store.Warning(); w != "" {
		fmt.Fprintln(os.Stderr, "hearth: warning:", w)
	}
	assets, err := fs.Sub(frontendDist, "frontend/dist")
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		return 1
	}
	snapshots, err := undo.Open(filepath.Join(dir, "undo"), 0)
	if err != nil {
		// Hearth still works without undo; the UI simply offers none.
		fmt.Fprintln(os.Stderr, "hearth: warning: undo is unavailable:", err)
		snapshots = nil
	}
	keys := secrets.New()
	var trees *worktree.Store
	if path, err := session.DefaultPath(); err == nil { // beside the conversations, where the CLI keeps them
		trees = worktree.NewStore(filepath.Dir(path))
	}
	a := app.New(app.Deps{
		Undo:      snapshots,
		Settings:  store,
		Secrets:   keys,
		HTTP:      egress.Client(egress.Model, egress.WithTimeout(30*time.Second)),
		Getenv:    os.Getenv,
		Version:   version,
		Home:      userHome(),
		Worktrees: trees,
		Painted:   func() { time.AfterFunc(startupSettles, handBackStartup) },
	})
	app.LifecycleOf(a).OpenSessionsInBackground(func() (*session.Store, error) { return openSessions(store, keys) })
	if err := app.LifecycleOf(a).RecordNetwork(); err != nil {
		fmt.Fprintln(os.Stderr, "hearth: warning: the network log is off:", err)
	}
	// A development build runs beside others (the end-to-end tests start
	// one per test); a release build is one window.
	err = app.RunDesktop(assets, windowIcon, a, app.Launch{Folder: workspace, SingleInstance: !devBuild})
	app.LifecycleOf(a).Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		return 1
	}
	return 0
}

// openSessions opens the conversation store with every key the user has
// stored as a value to redact before anything reaches the database.
func openSessions(st *settings.Store, keys *secrets.Store) (*session.Store, error) {
	path, err := session.DefaultPath()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := st.Get()
	red := redact.New(keys.Values(ctx, s.ProviderIDs())...)
	store, err := session.Open(ctx, path, session.Options{Redact: red.String})
	if err != nil {
		return nil, err
	}
	_, _ = store.Purge(ctx) // deletions whose undo window passed while Hearth was closed
	return store, nil
}

// userHome holds the person's own commands, skills and hooks; "" (none)
// when the system names no home.
func userHome() string {
	h, _ := os.UserHomeDir()
	return h
}

// startupSettles is how long after the first paint the page's first
// requests (settings, sessions, the project's state) take to be answered;
// what they touched after that is the idle window's own.
const startupSettles = 2 * time.Second

// handBackStartup returns what starting needed and an idle window does
// not: the heap's garbage, and the pages of the binary (which also holds
// every command's code) mapped while it started. With
// HEARTH_TRACE_STARTUP=1 it says how much of the binary was resident.
func handBackStartup() {
	debug.FreeOSMemory() // first: the collection reads the binary's type data
	r, err := workingset.TrimExecutable()
	if os.Getenv("HEARTH_TRACE_STARTUP") != "1" {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth: startup pages kept:", err)
		return
	}
	fmt.Fprintf(os.Stderr, "hearth: paged out the binary: %d kB resident before, %d kB after\n", r.Before>>10, r.After>>10)
}
