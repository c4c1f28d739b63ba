// Package llmtest is a loopback provider for the wire adapters' tests: a
// real HTTP server on 127.0.0.1 that answers in the provider's own format
// and keeps what the adapter sent.
package llmtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Bodies are the request bodies a Server received, in order.
type Bodies struct {
	mu  sync.Mutex
	all [][]byte
}

// All returns the bodies received so far.
func (b *Bodies) All() [][]byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([][]byte(nil), b.all...)
}

// Server answers every request with stream (as text/event-stream) when
// status is 200, else with status and errBody, and keeps each body.
func Server(t testing.TB, stream string, status int, errBody string) (*httptest.Server, *Bodies) {
	t.Helper()
	bodies := &Bodies{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		bodies.mu.Lock()
		bodies.all = append(bodies.all, b)
		bodies.mu.Unlock()
		if status != http.StatusOK {
			w.WriteHeader(status)
			io.WriteString(w, errBody)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, stream)
	}))
	t.Cleanup(srv.Close)
	return srv, bodies
}
