//go:build linux && cgo

package app

/*
#cgo LDFLAGS: -ldl
#include <stdlib.h>
const char *hearthLoadToolkit(const char *lib);
*/
import "C"

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"unsafe"
)

// ToolkitLibraries are the shared libraries the window needs, in the order
// LoadToolkit loads them. The shipped binary does not name them (make build
// unlinks every library but the C library), so a command line run starts
// without them; TestToolkitCoversWhatTheBinaryLinks keeps this list whole.
// WebKit comes first: it depends on the others, and the loader maps and
// relocates the whole tree faster in one call than library by library;
// loading each of the rest after it is then a no-op.
var ToolkitLibraries = []string{
	"libwebkit2gtk-4.1.so.0",
	"libjavascriptcoregtk-4.1.so.0",
	"libsoup-3.0.so.0",
	"libgtk-3.so.0",
	"libgdk-3.so.0",
	"libgdk_pixbuf-2.0.so.0",
	"libgio-2.0.so.0",
	"libgobject-2.0.so.0",
	"libglib-2.0.so.0",
}

// LoadToolkit loads the window's libraries; it must run before anything
// calls into GTK or WebKit. Loading what is already loaded (a build that
// names them) is a no-op. Under LD_BIND_NOW the loader bound the toolkit's
// functions at exec, to nothing (the shipped binary has them weak), so the
// process starts itself again without the variable and LoadToolkit
// returns only if that fails; once loaded, the variable is given back to
// what the window starts.
func LoadToolkit() error {
	if os.Getenv(bindNow) != "" {
		exe, err := os.Executable()
		if err == nil {
			err = syscall.Exec(exe, os.Args, withoutBindNow(os.Environ())) // returns only on failure
		}
		return fmt.Errorf("restarting without %s: %w", bindNow, err)
	}
	if err := loadLibraries(ToolkitLibraries); err != nil {
		return err
	}
	if v, ok := os.LookupEnv(bindNowKept); ok {
		os.Unsetenv(bindNowKept)
		os.Setenv(bindNow, v)
	}
	return nil
}

const (
	bindNow     = "LD_BIND_NOW"
	bindNowKept = "HEARTH_LD_BIND_NOW" // its value across the restart
)

// withoutBindNow is env with LD_BIND_NOW moved aside.
func withoutBindNow(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, bindNow+"="); ok {
			out = append(out, bindNowKept+"="+v)
			continue
		}
		if !strings.HasPrefix(kv, bindNowKept+"=") {
			out = append(out, kv)
		}
	}
	return out
}

func loadLibraries(libs []string) error {
	for _, lib := range libs {
		name := C.CString(lib)
		msg := C.hearthLoadToolkit(name)
		C.free(unsafe.Pointer(name))
		if msg != nil {
			return fmt.Errorf("the window needs %s (install WebKitGTK 4.1 and GTK 3): %s", lib, C.GoString(msg))
		}
	}
	return nil
}
