package mcp

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The loopback page is written and flushed before the code is handed on:
// once handed on, Hearth closes the port.
func TestTheCallbackPageIsSentBeforeTheCodeIsHandedOn(t *testing.T) {
	for _, tc := range []struct {
		name, target, want string
		status             int
		handed             bool
	}{
		{"a code", "/callback?code=c1&state=s1", "Hearth is signed in", http.StatusOK, true},
		{"a refusal", "/callback?error=access_denied&error_description=no", "The sign-in was refused", http.StatusOK, true},
		{"another path", "/favicon.ico", "404 page not found", http.StatusNotFound, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			var handed url.Values
			var sentThen string
			var flushedThen bool
			callbackPage(func(q url.Values) {
				handed, sentThen, flushedThen = q, rec.Body.String(), rec.Flushed
			}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.target, nil))
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.want) {
				t.Fatalf("page %d %q", rec.Code, rec.Body.String())
			}
			if (handed != nil) != tc.handed {
				t.Fatalf("handed on %v", handed)
			}
			if tc.handed && (!strings.Contains(sentThen, tc.want) || !flushedThen) {
				t.Fatalf("when the query was handed on, the page sent was %q (flushed %v)", sentThen, flushedThen)
			}
		})
	}
}
