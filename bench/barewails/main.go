// Command barewails is the baseline of bench/startup.sh: a Wails v2 window
// with nothing in it but a line of text, built with the desktop's tags
// and given the window options of Hearth's that change what the webview
// costs (size, GPU policy, background), so Hearth's memory and first
// paint are compared with what Wails itself takes on the same machine.
package main

import (
	"context"
	"embed"
	"fmt"
	"os"
	"time"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
)

//go:embed assets
var assets embed.FS

// Page is bound so the page can say when its first frame is on screen.
type Page struct{}

// MarkFirstPaint prints the wall-clock time as Hearth's Shell.MarkFirstPaint does.
func (*Page) MarkFirstPaint() { trace("first-paint") }

// trace prints when the start reached phase, as Hearth's app.TraceStartup
// does, so bench/startup.sh times the same phases of both windows.
func trace(phase string) {
	if os.Getenv("HEARTH_TRACE_STARTUP") == "1" {
		fmt.Fprintf(os.Stderr, "barewails: %s unix_ms=%d\n", phase, time.Now().UnixMilli())
	}
}

func main() {
	trace("main")
	err := wails.Run(&options.App{
		Title:            "Bare Wails",
		Width:            1180, // Hearth's default window
		Height:           780,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: &options.RGBA{R: 28, G: 27, B: 26, A: 255},
		Bind:             []any{&Page{}},
		OnStartup:        func(context.Context) { trace("startup") },
		OnDomReady:       func(context.Context) { trace("dom-ready") },
		Linux:            &linux.Options{ProgramName: "barewails", WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "barewails:", err)
		os.Exit(1)
	}
}
