package main

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"
)

// The window's icon is decoded on GTK's main thread before the window
// maps: it stays small and 8-bit, whatever the packages' icon is.
func TestWindowIconIsSmall(t *testing.T) {
	cfg, err := png.DecodeConfig(bytes.NewReader(windowIcon))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width > 256 || cfg.Height > 256 {
		t.Errorf("the window icon is %dx%d, want at most 256 px", cfg.Width, cfg.Height)
	}
	if cfg.ColorModel == color.NRGBA64Model || cfg.ColorModel == color.RGBA64Model {
		t.Error("the window icon has 16-bit channels")
	}
	if len(windowIcon) > 64<<10 {
		t.Errorf("the window icon is %d bytes", len(windowIcon))
	}
}
