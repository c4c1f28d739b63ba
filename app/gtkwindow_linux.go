//go:build linux && cgo

package app

/*
#cgo pkg-config: gtk+-3.0 webkit2gtk-4.1
void hearthScheduleSmoothScrollingOff(void);
void hearthSetUrgent(int on);
*/
import "C"

import "context"

// smoothOff receives how many web views turned smooth scrolling off.
var smoothOff = make(chan int, 1)

//export hearthSmoothScrollingOff
func hearthSmoothScrollingOff(n C.int) {
	select {
	case smoothOff <- int(n):
	default:
	}
}

// nativeScrolling turns WebKitGTK's smooth scrolling off in the window:
// without GPU compositing its animation runs on the main thread and keeps
// the page moving after the wheel stops, where a native GTK view stops with
// it. It returns how many web views now scroll natively.
func nativeScrolling(ctx context.Context) int {
	C.hearthScheduleSmoothScrollingOff()
	select {
	case n := <-smoothOff:
		return n
	case <-ctx.Done():
		return 0
	}
}

// windowUrgent sets the window's urgency hint, which the taskbar or dock
// shows until the person looks, or clears it.
func windowUrgent(on bool) {
	v := C.int(0)
	if on {
		v = 1
	}
	C.hearthSetUrgent(v)
}
