package app

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
)

// themeScript serves /theme.js with the theme chosen in Settings written in
// front of it, so even a fresh webview profile (no cached choice yet) paints
// its first frame in that theme. Without a theme.js in assets it passes
// every request through.
func themeScript(assets fs.FS, theme func() string) assetserver.Middleware {
	body, err := fs.ReadFile(assets, "theme.js")
	return func(next http.Handler) http.Handler {
		if err != nil {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/theme.js" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
				next.ServeHTTP(w, r)
				return
			}
			var b bytes.Buffer
			fmt.Fprintf(&b, "window.hearthTheme = %q;\n", theme())
			b.Write(body)
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Length", fmt.Sprint(b.Len()))
			if r.Method == http.MethodGet {
				_, _ = w.Write(b.Bytes())
			}
		})
	}
}
