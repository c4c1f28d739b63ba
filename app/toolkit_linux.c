// The shipped binary does not name the desktop's libraries for the loader
// (make build unlinks them): a command line run loads none of WebKitGTK's
// hundred-odd libraries, and the window loads them with LoadToolkit.
// Calls from the binary to those libraries bind when first made, after the
// load; but the loader resolves at exec every function whose address the
// binary takes, and Wails takes two. These hidden definitions give the
// loader nothing to resolve, and forward to the real functions once loaded.
#include <dlfcn.h>
#include <stddef.h>

static void *toolkitSymbol(const char *lib, const char *name) {
	void *h = dlopen(lib, RTLD_LAZY | RTLD_NOLOAD);
	return h ? dlsym(h, name) : NULL;
}

__attribute__((visibility("hidden"))) void g_free(void *mem) {
	static void (*real)(void *);
	if (!real) {
		real = (void (*)(void *))toolkitSymbol("libglib-2.0.so.0", "g_free");
	}
	real(mem);
}

__attribute__((visibility("hidden"))) int gtk_widget_hide_on_delete(void *widget) {
	static int (*real)(void *);
	if (!real) {
		real = (int (*)(void *))toolkitSymbol("libgtk-3.so.0", "gtk_widget_hide_on_delete");
	}
	return real(widget);
}

// hearthLoadToolkit loads lib and its dependencies where later lookups from
// the binary find them; it returns NULL or the loader's error. Functions
// bind on first call, as they would had the loader linked them at exec:
// binding all of WebKit's at load slowed every window's start.
const char *hearthLoadToolkit(const char *lib) {
	return dlopen(lib, RTLD_LAZY | RTLD_GLOBAL) ? NULL : dlerror();
}

// hearthOpenDisplay starts GTK on its display and libglvnd's EGL, which
// each read the environment once, when first used. It returns 0 if GTK
// could not open the display.
int hearthOpenDisplay(void) {
	const char *(*eglQuery)(void *, int) = (const char *(*)(void *, int))dlsym(RTLD_DEFAULT, "eglQueryString");
	int (*gtkInit)(int *, char ***) = (int (*)(int *, char ***))dlsym(RTLD_DEFAULT, "gtk_init_check");
	if (eglQuery) {
		eglQuery(NULL, 0x3055); // EGL_EXTENSIONS of no display: loads the vendor list
	}
	return gtkInit ? gtkInit(NULL, NULL) : 0;
}
