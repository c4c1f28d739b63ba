// Package web reads the web for the agent: an HTTP client that connects
// only to public addresses (checked after DNS resolution and on every
// redirect, dialled as checked), a fetch that turns pages into Markdown, and
// search through a provider the person configured.
package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
)

// Defaults of Options.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxRedirects = 5
	// DefaultMaxChars is how much of a page the model is given.
	DefaultMaxChars = 40_000
	// DefaultMaxBytes is how much of a response is read at all.
	DefaultMaxBytes = 5 << 20
)

// ErrOffline is returned, before any connection, while Hearth works offline.
var ErrOffline = errors.New("offline: Hearth is set to work offline, so it makes no web requests")

// Options configure a Client. The zero value is a client of public
// addresses with the defaults above.
type Options struct {
	// AllowLocal lets requests reach private, loopback, link-local and
	// unique-local addresses (development); metadata endpoints stay refused.
	AllowLocal bool
	// Resolver looks names up; nil is net.DefaultResolver.
	Resolver Resolver
	// Timeout bounds a whole request, body included (0: DefaultTimeout).
	Timeout time.Duration
	// MaxRedirects (0: DefaultMaxRedirects; negative follows none).
	MaxRedirects int
	// MaxChars caps the text a fetch returns (0: DefaultMaxChars).
	MaxChars int
	// MaxBytes caps how much of a body is read (0: DefaultMaxBytes).
	MaxBytes int64
	// Wrap, when set, wraps the guarded transport inside the egress
	// recorder (a test's counter, say); the guard stays beneath it, at the dial.
	Wrap func(http.RoundTripper) http.RoundTripper
	// Offline, when it returns true, makes every request fail with
	// ErrOffline before dialing.
	Offline func() bool
	// UserAgent is sent with every request ("" is "Hearth").
	UserAgent string
	// SameHost follows a redirect only to the host asked for (or its
	// www. twin); another host ends the fetch with a *RedirectError, so a
	// permission given for one domain is not spent on another.
	SameHost bool
}

// Client makes guarded requests. It is safe for concurrent use.
type Client struct {
	opts Options
	http *http.Client
}

// TooManyRedirectsError is a chain of redirects longer than allowed.
type TooManyRedirectsError struct{ Max int }

func (e *TooManyRedirectsError) Error() string {
	return fmt.Sprintf("stopped after %d redirects", e.Max)
}

// RedirectError is a redirect to another host, not followed under
// SameHost.
type RedirectError struct{ From, To string }

func (e *RedirectError) Error() string {
	return fmt.Sprintf("%s redirects to another host: %s (fetch that URL to follow it)", e.From, e.To)
}

// sameHost says whether a and b are one host, www. aside.
func sameHost(a, b string) bool {
	a, b = strings.TrimPrefix(strings.ToLower(a), "www."), strings.TrimPrefix(strings.ToLower(b), "www.")
	return a == b
}

// New returns a client with opts.
func New(opts Options) *Client {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxRedirects == 0 {
		opts.MaxRedirects = DefaultMaxRedirects
	}
	if opts.MaxChars <= 0 {
		opts.MaxChars = DefaultMaxChars
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "Hearth"
	}
	d := newDialer(opts.Resolver, opts.AllowLocal)
	// The egress layer's transport, with the guard's dialer and no proxy (a
	// proxy would resolve names where the guard cannot see). A client lives
	// for a turn and fetches are few: no idle connection outlives its
	// request, and every request dials (and is checked) anew.
	tr := egress.Transport()
	tr.Proxy = nil
	tr.DialContext = d.DialContext
	tr.DialTLSContext = nil
	tr.ForceAttemptHTTP2 = true
	tr.DisableKeepAlives = true
	tr.TLSHandshakeTimeout = 10 * time.Second
	var rt http.RoundTripper = tr
	if opts.Wrap != nil {
		rt = opts.Wrap(rt)
	}
	limit := max(opts.MaxRedirects, 0)
	// Every request, each redirect too, is Hearth's: the layer records it as
	// "web" and the offline switch holds it.
	hc := egress.ClientOver(rt, egress.Web)
	hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > limit {
			return &TooManyRedirectsError{Max: limit}
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return fmt.Errorf("refused: a redirect to %s (only http and https are fetched)", req.URL.Redacted())
		}
		if opts.SameHost && !sameHost(req.URL.Hostname(), via[0].URL.Hostname()) {
			return &RedirectError{From: via[len(via)-1].URL.Redacted(), To: req.URL.String()}
		}
		return nil
	}
	return &Client{opts: opts, http: hc}
}

// offline reports ErrOffline when the person switched the web off.
func (c *Client) offline() error {
	if c.opts.Offline != nil && c.opts.Offline() {
		return ErrOffline
	}
	return nil
}
