package app

// displayPlan is how the window's process meets the GL driver, chosen from
// the environment before GTK starts.
type displayPlan int

const (
	// userChoice: the user set one of the variables below; all stay as set.
	userChoice displayPlan = iota
	// withoutGL: on X11 the window's own process loads no GL driver.
	// WebKit's web process still paints with one and hands the window
	// frames in shared memory, which it draws with cairo.
	withoutGL
	// withoutDMABUF: elsewhere (Wayland) WebKit's DMA-BUF renderer is off,
	// which keeps the GL driver out of the window only partly.
	withoutDMABUF
)

// The variables openDisplay sets; one the user set makes it choose nothing.
const (
	envDMABUF     = "WEBKIT_DISABLE_DMABUF_RENDERER"
	envGDKGL      = "GDK_GL"
	envEGLVendors = "__EGL_VENDOR_LIBRARY_FILENAMES"
	envEGLDirs    = "__EGL_VENDOR_LIBRARY_DIRS"
	envBackend    = "GDK_BACKEND"
	envSession    = "XDG_SESSION_TYPE"
	// noEGLVendors names a file that cannot exist (/dev/null is no folder),
	// so libglvnd finds no EGL driver.
	noEGLVendors = "/dev/null/none.json"
)

// planDisplay chooses how the window meets the GL driver. X11 is the
// backend Wails picks when GDK_BACKEND is unset and the session is X11 or
// unnamed.
func planDisplay(lookup func(string) (string, bool)) displayPlan {
	for _, k := range []string{envDMABUF, envGDKGL, envEGLVendors, envEGLDirs} {
		if _, set := lookup(k); set {
			return userChoice
		}
	}
	backend, _ := lookup(envBackend)
	session, _ := lookup(envSession)
	if backend == "x11" || backend == "" && (session == "" || session == "unspecified" || session == "x11") {
		return withoutGL
	}
	return withoutDMABUF
}
