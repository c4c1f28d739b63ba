package egress

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// collect is a Sink that keeps what it is given.
type collect struct {
	mu sync.Mutex
	es []Entry
}

func (c *collect) Record(e Entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.es = append(c.es, e)
}

func (c *collect) all() []Entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Entry(nil), c.es...)
}

func newLayer(t *testing.T) (*Layer, *collect) {
	t.Helper()
	l := New()
	c := &collect{}
	l.SetSink(c)
	return l, c
}

func TestRecordsARequest(t *testing.T) {
	body := strings.Repeat("x", 5000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if len(b) != 11 {
			t.Errorf("server got %d bytes, want 11", len(b))
		}
		w.WriteHeader(http.StatusCreated)
		for i := 0; i < 5; i++ { // streamed in pieces
			io.WriteString(w, body[i*1000:(i+1)*1000])
			w.(http.Flusher).Flush()
		}
	}))
	defer srv.Close()
	l, c := newLayer(t)
	ctx := WithConversation(context.Background(), func() string { return "s-1" })
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/chat?key=SECRET", strings.NewReader("hello world"))
	resp, err := l.Client(Model).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.all()) != 0 {
		t.Fatal("recorded before the body was read")
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	es := c.all()
	if len(es) != 1 {
		t.Fatalf("got %d entries, want 1", len(es))
	}
	e := es[0]
	want := Entry{Time: e.Time, Purpose: Model, Method: "POST", Host: strings.TrimPrefix(srv.URL, "http://"),
		Path: "/v1/chat", Status: 201, BytesOut: 11, BytesIn: n, Session: "s-1"}
	if e != want {
		t.Errorf("got %+v, want %+v", e, want)
	}
	if n != 5000 {
		t.Errorf("read %d bytes", n)
	}
}

func TestRecordsAFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens: the dial is refused
	l, c := newLayer(t)
	_, err = l.Client(Update).Get("http://" + addr + "/feed?token=SECRET")
	if err == nil {
		t.Fatal("want an error")
	}
	es := c.all()
	if len(es) != 1 || es[0].Status != 0 || es[0].Error == "" || es[0].Purpose != Update || es[0].Session != "" {
		t.Fatalf("got %+v", es)
	}
	if strings.Contains(es[0].Error, "SECRET") {
		t.Errorf("the error keeps the query: %q", es[0].Error)
	}
}

// countingBase counts the requests that reach the transport.
type countingBase struct {
	n    atomic.Int32
	next http.RoundTripper
}

func (b *countingBase) RoundTrip(r *http.Request) (*http.Response, error) {
	b.n.Add(1)
	return b.next.RoundTrip(r)
}

func TestOffline(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	tests := []struct {
		name    string
		purpose Purpose
		url     string
		allowed bool
	}{
		{"loopback model server", Model, srv.URL + "/v1/models", true},
		{"localhost model server", Model, "http://localhost" + port + "/v1/models", true},
		{"cloud model", Model, "https://api.openai.com/v1/models", false},
		{"loopback MCP", MCP, srv.URL + "/mcp", false},
		{"web", Web, "https://example.com/", false},
		{"update", Update, "https://example.com/feed", false},
		{"oauth", OAuth, "https://auth.example.com/token", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, c := newLayer(t)
			l.SetOffline(func() bool { return true })
			base := &countingBase{next: l.transport}
			l.SetBase(base)
			resp, err := l.Client(tt.purpose).Get(tt.url)
			if tt.allowed {
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return
			}
			var oe *OfflineError
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), "offline") {
				t.Fatalf("got %v, want an offline error", err)
			}
			if n := base.n.Load(); n != 0 {
				t.Errorf("%d requests reached the transport", n)
			}
			if es := c.all(); len(es) != 1 || !strings.Contains(es[0].Error, "offline") {
				t.Errorf("the refusal is not in the log: %+v", es)
			}
		})
	}
}

func TestOfflineDialRefusesOtherAddresses(t *testing.T) {
	l := New()
	l.SetOffline(func() bool { return true })
	for addr, ok := range map[string]bool{"127.0.0.1:80": true, "[::1]:80": true, "10.0.0.1:80": false,
		"93.184.216.34:443": false, "[2001:db8::1]:443": false} {
		if err := l.dialControl("tcp", addr, nil); (err == nil) != ok {
			t.Errorf("dial %s: %v, want allowed %v", addr, err, ok)
		}
	}
	l.SetOffline(nil)
	if err := l.dialControl("tcp", "10.0.0.1:80", nil); err != nil {
		t.Errorf("online: %v", err)
	}
}

func TestWrapperMarksRequests(t *testing.T) {
	l, c := newLayer(t)
	var seen atomic.Bool
	inner := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		seen.Store(Recorded(r))
		return &http.Response{StatusCode: 204, Body: http.NoBody, Request: r}, nil
	})
	hc := &http.Client{Transport: l.Wrapper(Web)(inner)}
	resp, err := hc.Get("http://example.com/a/b?q=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !seen.Load() {
		t.Error("the inner transport did not see the recorded mark")
	}
	if es := c.all(); len(es) != 1 || es[0].Purpose != Web || es[0].Path != "/a/b" || es[0].Status != 204 {
		t.Errorf("got %+v", es)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// A stream still open when the program ends is recorded by Settle with
// what it carried so far, once.
func TestSettleRecordsOpenStreams(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first")
		w.(http.Flusher).Flush()
		<-release
	}))
	defer srv.Close()
	defer close(release)
	l, c := newLayer(t)
	resp, err := l.Client(MCP).Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, buf); err != nil {
		t.Fatal(err)
	}
	l.Settle()
	resp.Body.Close()
	es := c.all()
	if len(es) != 1 || es[0].Status != 200 || es[0].BytesIn != 5 || es[0].Path != "/events" {
		t.Errorf("got %+v, want the open stream once with its 5 bytes", es)
	}
}

// A package with its own dialer builds on the layer's transport: its
// requests are recorded and refused offline like every other.
func TestClientOverOwnTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") }))
	defer srv.Close()
	l, c := newLayer(t)
	var dials atomic.Int32
	tr := l.Transport()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials.Add(1)
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	hc := l.ClientOver(tr, Web)
	resp, err := hc.Get(srv.URL + "/page?q=secret")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if es := c.all(); len(es) != 1 || es[0].Purpose != Web || es[0].Path != "/page" || es[0].BytesIn != 4 || dials.Load() != 1 {
		t.Fatalf("got %+v after %d dials", es, dials.Load())
	}
	l.SetOffline(func() bool { return true })
	if _, err := hc.Get(srv.URL + "/page"); err == nil || !strings.Contains(err.Error(), "offline") {
		t.Errorf("offline: %v", err)
	}
	if dials.Load() != 1 {
		t.Errorf("dialed %d times, want no dial while offline", dials.Load())
	}
}
