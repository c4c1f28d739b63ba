//go:build !linux || !cgo

package app

// openDisplay has nothing to choose where WebKitGTK is not the web view.
func openDisplay() {}
