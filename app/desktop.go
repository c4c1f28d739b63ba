package app

import (
	"context"
	"fmt"
	"io/fs"

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

// RunDesktop opens the window and blocks until it is closed.
func RunDesktop(assets fs.FS, icon []byte, a *App) error {
	win := a.deps.Settings.Get().Window
	w, h := win.Width, win.Height
	if w < minWidth || h < minHeight {
		def := settings.Defaults().Window
		w, h = def.Width, def.Height
	}
	err := wails.Run(&options.App{
		Title:            "Hearth",
		Width:            w,
		Height:           h,
		MinWidth:         minWidth,
		MinHeight:        minHeight,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: &options.RGBA{R: 28, G: 27, B: 26, A: 255},
		OnStartup: func(ctx context.Context) {
			a.startup(ctx)
			if win.Placed {
				runtime.WindowSetPosition(ctx, win.X, win.Y)
			}
		},
		OnBeforeClose:  a.rememberWindow,
		Bind:           []any{a},
		ErrorFormatter: FormatError,
		// A chat UI gains nothing from GPU compositing, and WebKitGTK's
		// compositing mode costs ~80 MB per window (measured by bench/startup.sh).
		Linux: &linux.Options{Icon: icon, ProgramName: "hearth", WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
	})
	if err != nil {
		return fmt.Errorf("starting the window: %w", err)
	}
	return nil
}

// rememberWindow saves the window's geometry; it never blocks closing.
func (a *App) rememberWindow(ctx context.Context) bool {
	if runtime.WindowIsMaximised(ctx) || runtime.WindowIsFullscreen(ctx) {
		return false
	}
	w, h := runtime.WindowGetSize(ctx)
	x, y := runtime.WindowGetPosition(ctx)
	_, _ = a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Window = settings.Window{Width: w, Height: h, X: x, Y: y, Placed: true}
		return nil
	})
	return false
}
