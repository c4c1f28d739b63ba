//go:build !linux || !cgo

package app

import "context"

// nativeScrolling has nothing to change where the webview is not WebKitGTK.
func nativeScrolling(context.Context) int { return 0 }
