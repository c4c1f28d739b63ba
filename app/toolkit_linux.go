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
	"unsafe"
)

// ToolkitLibraries are the shared libraries the window needs, in the order
// LoadToolkit loads them. The shipped binary does not name them (make build
// unlinks every library but the C library), so a command line run starts
// without them; TestToolkitCoversWhatTheBinaryLinks keeps this list whole.
var ToolkitLibraries = []string{
	"libglib-2.0.so.0",
	"libgobject-2.0.so.0",
	"libgio-2.0.so.0",
	"libgdk_pixbuf-2.0.so.0",
	"libgdk-3.so.0",
	"libgtk-3.so.0",
	"libsoup-3.0.so.0",
	"libjavascriptcoregtk-4.1.so.0",
	"libwebkit2gtk-4.1.so.0",
}

// LoadToolkit loads the window's libraries; it must run before anything
// calls into GTK or WebKit. Loading what is already loaded (a build that
// names them) is a no-op.
func LoadToolkit() error { return loadLibraries(ToolkitLibraries) }

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
