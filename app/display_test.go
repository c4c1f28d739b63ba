package app

import "testing"

func TestPlanDisplay(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want displayPlan
	}{
		{"nothing set: an unnamed session is X11, as Wails takes it", map[string]string{}, withoutGL},
		{"an X11 session", map[string]string{"XDG_SESSION_TYPE": "x11"}, withoutGL},
		{"an unspecified session", map[string]string{"XDG_SESSION_TYPE": "unspecified"}, withoutGL},
		{"GDK_BACKEND=x11 in a Wayland session", map[string]string{"XDG_SESSION_TYPE": "wayland", "GDK_BACKEND": "x11"}, withoutGL},
		{"a Wayland session", map[string]string{"XDG_SESSION_TYPE": "wayland"}, withoutDMABUF},
		{"GDK_BACKEND=wayland", map[string]string{"GDK_BACKEND": "wayland"}, withoutDMABUF},
		{"the user's DMA-BUF choice, even empty", map[string]string{"WEBKIT_DISABLE_DMABUF_RENDERER": ""}, userChoice},
		{"the user's 0 for DMA-BUF on Wayland", map[string]string{"XDG_SESSION_TYPE": "wayland", "WEBKIT_DISABLE_DMABUF_RENDERER": "0"}, userChoice},
		{"the user's GDK_GL", map[string]string{"GDK_GL": "always"}, userChoice},
		{"the user's EGL vendor list", map[string]string{"__EGL_VENDOR_LIBRARY_FILENAMES": "/usr/share/glvnd/egl_vendor.d/50_mesa.json"}, userChoice},
		{"the user's EGL vendor folders", map[string]string{"__EGL_VENDOR_LIBRARY_DIRS": "/opt/egl"}, userChoice},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }
			if got := planDisplay(lookup); got != c.want {
				t.Fatalf("planDisplay = %d, want %d", got, c.want)
			}
		})
	}
}
