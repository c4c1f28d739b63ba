package egress

import (
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Timeouts of the layer's own transport. There is deliberately no overall
// limit: a long model answer that keeps streaming is never cut.
const (
	ConnectTimeout = 15 * time.Second
	keepAlive      = 30 * time.Second
)

// Layer is a recording, offline-aware HTTP client factory. Its methods are
// safe for concurrent use.
type Layer struct {
	sink    atomic.Pointer[sinkBox]
	offline atomic.Pointer[func() bool]
	// base, when set, replaces the layer's own transport (tests).
	base      atomic.Pointer[baseBox]
	transport *http.Transport
	now       func() time.Time
	open      sync.Map // *entry → struct{}: requests not yet recorded
}

type sinkBox struct{ Sink }
type baseBox struct{ http.RoundTripper }

// New returns a layer with its own transport (a clone of Go's default with
// a connect timeout and the offline check on every socket), recording
// nothing and online.
func New() *Layer {
	l := &Layer{now: time.Now}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: ConnectTimeout, KeepAlive: keepAlive, Control: l.dialControl}).DialContext
	tr.TLSHandshakeTimeout = ConnectTimeout
	l.transport = tr
	return l
}

// Default is the process's layer: Client, Wrap and Wrapper use it, and the
// composition root (the desktop, the CLI) sets its sink and offline switch.
var Default = New()

// SetSink makes s receive every recorded request (nil records nothing)
// and returns the sink it replaces.
func (l *Layer) SetSink(s Sink) Sink {
	var old *sinkBox
	if s == nil {
		old = l.sink.Swap(nil)
	} else {
		old = l.sink.Swap(&sinkBox{s})
	}
	if old == nil {
		return nil
	}
	return old.Sink
}

// SetOffline makes offline decide, at each request, whether Hearth works
// offline (nil: never), and returns the function it replaces.
func (l *Layer) SetOffline(offline func() bool) func() bool {
	var old *func() bool
	if offline == nil {
		old = l.offline.Swap(nil)
	} else {
		old = l.offline.Swap(&offline)
	}
	if old == nil {
		return nil
	}
	return *old
}

// Offline reports whether the layer refuses what is not a loopback model
// server.
func (l *Layer) Offline() bool {
	f := l.offline.Load()
	return f != nil && (*f)()
}

// SetBase replaces the transport under the recorder for every client the
// layer made or makes (nil restores its own); a test's way to see every
// request that leaves.
func (l *Layer) SetBase(rt http.RoundTripper) {
	if rt == nil {
		l.base.Store(nil)
		return
	}
	l.base.Store(&baseBox{rt})
}

// Option adjusts a client the layer builds.
type Option func(*clientConfig)

type clientConfig struct {
	timeout, headerTimeout time.Duration
	inner                  []func(http.RoundTripper) http.RoundTripper
}

// WithTimeout limits each request as a whole (http.Client.Timeout).
func WithTimeout(d time.Duration) Option { return func(c *clientConfig) { c.timeout = d } }

// WithResponseHeaderTimeout limits the wait for a response's headers.
func WithResponseHeaderTimeout(d time.Duration) Option {
	return func(c *clientConfig) { c.headerTimeout = d }
}

// WithInner puts wrap between the recorder and the transport (to add
// headers, say): what it does is recorded as the request.
func WithInner(wrap func(http.RoundTripper) http.RoundTripper) Option {
	return func(c *clientConfig) { c.inner = append(c.inner, wrap) }
}

// Client returns a client whose every request is recorded with purpose p
// and checked against the offline switch.
func (l *Layer) Client(p Purpose, opts ...Option) *http.Client {
	var c clientConfig
	for _, o := range opts {
		o(&c)
	}
	own := l.transport
	if c.headerTimeout > 0 {
		own = own.Clone()
		own.ResponseHeaderTimeout = c.headerTimeout
	}
	var rt http.RoundTripper = &layerBase{l: l, own: own}
	for _, w := range c.inner {
		rt = w(rt)
	}
	return &http.Client{Transport: l.Wrap(rt, p), Timeout: c.timeout}
}

// Wrap records every request through rt with purpose p and refuses, before
// rt sees it, what the offline switch forbids.
func (l *Layer) Wrap(rt http.RoundTripper, p Purpose) http.RoundTripper {
	return &recorder{l: l, purpose: p, next: rt}
}

// Wrapper is Wrap as a hook for a package that builds its own transport
// (the web tools' address-checking one).
func (l *Layer) Wrapper(p Purpose) func(http.RoundTripper) http.RoundTripper {
	return func(rt http.RoundTripper) http.RoundTripper { return l.Wrap(rt, p) }
}

// Transport returns a copy of the layer's own transport (its proxy
// settings, timeouts and offline check on every socket) for a package that
// needs its own dialer; give it to ClientOver so its requests are recorded.
func (l *Layer) Transport() *http.Transport { return l.transport.Clone() }

// ClientOver returns a client over rt whose every request is recorded with
// purpose p and checked against the offline switch before rt sees it.
func (l *Layer) ClientOver(rt http.RoundTripper, p Purpose, opts ...Option) *http.Client {
	var c clientConfig
	for _, o := range opts {
		o(&c)
	}
	for _, w := range c.inner {
		rt = w(rt)
	}
	return &http.Client{Transport: l.Wrap(rt, p), Timeout: c.timeout}
}

// Transport is Default.Transport.
func Transport() *http.Transport { return Default.Transport() }

// ClientOver is Default.ClientOver.
func ClientOver(rt http.RoundTripper, p Purpose, opts ...Option) *http.Client {
	return Default.ClientOver(rt, p, opts...)
}

// Client is Default.Client.
func Client(p Purpose, opts ...Option) *http.Client { return Default.Client(p, opts...) }

// Wrap is Default.Wrap.
func Wrap(rt http.RoundTripper, p Purpose) http.RoundTripper { return Default.Wrap(rt, p) }

// Wrapper is Default.Wrapper.
func Wrapper(p Purpose) func(http.RoundTripper) http.RoundTripper { return Default.Wrapper(p) }

// layerBase is the layer's transport, or the one a test put in its place,
// decided at each request.
type layerBase struct {
	l   *Layer
	own *http.Transport
}

func (b *layerBase) RoundTrip(r *http.Request) (*http.Response, error) {
	if o := b.l.base.Load(); o != nil {
		return o.RoundTrip(r)
	}
	return b.own.RoundTrip(r)
}
