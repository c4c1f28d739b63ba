//go:build linux && cgo

package app

/*
int hearthOpenDisplay(void);
*/
import "C"

import (
	"os"
	"runtime"
)

// openDisplay opens GTK's display before Wails does, as planDisplay
// chooses. Without GL, GTK and libglvnd's EGL read the variables that
// keep their driver out once, here; they are gone again before WebKit
// starts its processes, so neither those nor the commands the agent runs
// see them. A display that cannot open is left for Wails to report.
func openDisplay() {
	switch planDisplay(os.LookupEnv) {
	case withoutGL:
		if _, set := os.LookupEnv(envBackend); !set {
			_ = os.Setenv(envBackend, "x11") // what Wails would set before its own GTK start
		}
		_ = os.Setenv(envGDKGL, "disable")
		_ = os.Setenv(envEGLVendors, noEGLVendors)
		// GTK belongs to the thread that starts it; Wails keeps this one.
		runtime.LockOSThread()
		C.hearthOpenDisplay()
		_ = os.Unsetenv(envGDKGL)
		_ = os.Unsetenv(envEGLVendors)
	case withoutDMABUF:
		_ = os.Setenv(envDMABUF, "1")
	}
}
