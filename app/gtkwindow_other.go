//go:build !linux || !cgo

package app

import "context"

// nativeScrolling has nothing to change where the webview is not WebKitGTK.
func nativeScrolling(context.Context) int { return 0 }

// windowUrgent has no hint to set where the window is not GTK's.
func windowUrgent(bool) {}
