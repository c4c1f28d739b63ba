package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Window limits: below these the sidebar and the composer no longer fit.
const (
	minWidth  = 720
	minHeight = 480
)

// ErrNoDisplay reports that there is no graphical session to open the
// window in.
var ErrNoDisplay = errors.New("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset or unreachable); the command line works without one: hearth help")

// RunDesktop opens the window as launch says and blocks until it is closed.
func RunDesktop(assets fs.FS, icon []byte, a *App, launch Launch) (err error) {
	// GTK that cannot open a display makes Wails panic on this goroutine;
	// that is a missing display, not a crash. Any other panic goes on. (No
	// check of DISPLAY first: `wails generate` runs this without one.)
	defer func() {
		if p := recover(); p != nil {
			if strings.Contains(fmt.Sprint(p), "failed to init GTK") {
				err = ErrNoDisplay
				return
			}
			panic(p)
		}
	}()
	win := a.deps.Settings.Get().Window
	w, h := win.Width, win.Height
	if w < minWidth || h < minHeight {
		def := settings.Defaults().Window
		w, h = def.Width, def.Height
	}
	stopNotifications := func() {}
	openDisplay()
	err = wails.Run(&options.App{
		Title:            "Hearth",
		Width:            w,
		Height:           h,
		MinWidth:         minWidth,
		MinHeight:        minHeight,
		AssetServer:      &assetserver.Options{Assets: assets, Middleware: themeScript(assets, a.h.Settings.Theme)},
		BackgroundColour: windowBackground(a.h.Settings.Theme()),
		DragAndDrop:      &options.DragAndDrop{EnableFileDrop: true},
		OnStartup: func(ctx context.Context) {
			TraceStartup(a.deps.Getenv, "startup")
			a.startup(ctx)
			a.setEmitter(func(name string, data any) { runtime.EventsEmit(ctx, name, data) })
			runtime.OnFileDrop(ctx, a.dropped)
			a.notes.raise = func() { runtime.WindowUnminimise(ctx); runtime.WindowShow(ctx) }
			a.title = func(t string) { runtime.WindowSetTitle(ctx, t) }
			a.urgent = windowUrgent
			stopNotifications = a.startNotifications()
			a.openAtStart(launch.Folder)
			if win.Placed {
				runtime.WindowSetPosition(ctx, win.X, win.Y)
			}
		},
		OnDomReady: func(ctx context.Context) {
			TraceStartup(a.deps.Getenv, "dom-ready")
			go a.scrollNatively(ctx)
		},
		OnBeforeClose:      a.rememberWindow,
		OnShutdown:         func(context.Context) { stopNotifications(); a.shutdown() },
		SingleInstanceLock: a.singleInstance(launch.SingleInstance),
		Bind:               a.h.bound(),
		ErrorFormatter:     FormatError,
		// A chat UI gains nothing from GPU compositing, and WebKitGTK's
		// compositing mode costs ~80 MB per window (measured by bench/startup.sh).
		Linux: &linux.Options{Icon: icon, ProgramName: "hearth", WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
	})
	if err != nil {
		return fmt.Errorf("starting the window: %w", err)
	}
	return nil
}

// TraceStartup prints, with HEARTH_TRACE_STARTUP=1, when the window's
// start reached phase (main, toolkit, startup, dom-ready, first-paint),
// for bench/startup.sh to time each phase from exec.
func TraceStartup(getenv func(string) string, phase string) {
	if getenv != nil && getenv("HEARTH_TRACE_STARTUP") == "1" {
		fmt.Fprintf(os.Stderr, "hearth: %s unix_ms=%d\n", phase, time.Now().UnixMilli())
	}
}

// scrollNatively makes the wheel scroll as a native view does (see
// nativeScrolling); with HEARTH_TRACE_STARTUP=1 it says how many web views
// it changed, for scripts/launch-test.sh.
func (a *App) scrollNatively(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	n := nativeScrolling(ctx)
	if a.deps.Getenv != nil && a.deps.Getenv("HEARTH_TRACE_STARTUP") == "1" {
		fmt.Fprintf(os.Stderr, "hearth: native scrolling in %d web views\n", n)
	}
}

// rememberWindow saves the window's geometry when it closes; it never
// blocks closing.
func (a *App) rememberWindow(ctx context.Context) bool {
	a.saveGeometry(ctx)
	return false
}

// RememberWindow saves the window's size and position now; the frontend
// calls it (debounced) when the window is resized, so the geometry survives
// even a crash or a kill.
func (a *Shell) RememberWindow() {
	if a.runtimeCtx != nil {
		a.saveGeometry(a.runtimeCtx)
	}
}

func (a *App) saveGeometry(ctx context.Context) {
	if runtime.WindowIsMaximised(ctx) || runtime.WindowIsFullscreen(ctx) || runtime.WindowIsMinimised(ctx) {
		return
	}
	w, h := runtime.WindowGetSize(ctx)
	x, y := runtime.WindowGetPosition(ctx)
	if w < minWidth || h < minHeight {
		return
	}
	next := settings.Window{Width: w, Height: h, X: x, Y: y, Placed: true}
	if a.deps.Settings.Get().Window == next {
		return
	}
	_, _ = a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Window = next
		return nil
	})
}

// ChooseWorkspace asks for a folder with the OS dialog and opens it. A
// cancelled dialog returns nil and changes nothing.
func (a *Project) ChooseWorkspace() (*WorkspaceView, error) {
	dir, err := runtime.OpenDirectoryDialog(a.runtimeCtx, runtime.OpenDialogOptions{Title: "Open a project folder"})
	if err != nil {
		return nil, fmt.Errorf("the folder dialog failed: %w", err)
	}
	if dir == "" {
		return nil, nil // cancelled: nothing changes
	}
	v, err := a.OpenWorkspace(dir)
	return &v, err
}

// dropped handles files dropped on the window: a folder becomes the
// workspace; files are offered to the composer as attachments.
func (a *App) dropped(_, _ int, paths []string) {
	var files []string
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if v, err := a.h.Project.OpenWorkspace(p); err == nil {
				a.emit("workspace", v)
			} else {
				a.emit("notice", FormatError(err))
			}
			return
		}
		files = append(files, p)
	}
	if len(files) > 0 {
		a.emit("attach", files)
	}
}

// windowBackground is the colour the window shows before the page paints,
// matching the chosen theme so a light theme does not open on dark.
func windowBackground(theme string) *options.RGBA {
	if theme == "light" {
		return &options.RGBA{R: 247, G: 245, B: 242, A: 255}
	}
	return &options.RGBA{R: 28, G: 27, B: 26, A: 255}
}
