//go:build !linux || !cgo

package app

// LoadToolkit has nothing to load where the window's libraries are the
// system's own (WebView2, WKWebView), linked as usual.
func LoadToolkit() error { return nil }
