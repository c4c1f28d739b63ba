package llm

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
)

// DefaultIdleTimeout ends a streaming call that sent nothing for this long.
// There is deliberately no overall limit: a long answer that keeps
// streaming is never cut.
const DefaultIdleTimeout = 120 * time.Second

// NewHTTPClient returns a model provider's client: through agent/egress
// (recorded, offline-aware), with a connect timeout and no overall one.
func NewHTTPClient() *http.Client {
	return egress.Client(egress.Model)
}

// Stream is an open response body whose reads keep an idle timer alive.
// The adapter reports each piece of content to Progress, which keeps a
// second timer alive (keep-alive comments and empty events never reach it)
// and counts the response against its size cap.
type Stream struct {
	Body   io.Reader
	Header http.Header
	// Ctx is the request's context; pass it to TransportError.
	Ctx    context.Context
	limits Limits
	stall  *time.Timer
	total  int64
	close  func()
}

// Close releases the connection and the timers.
func (s *Stream) Close() { s.close() }

// Limits returns the limits the stream was opened with, defaults applied.
func (s *Stream) Limits() Limits { return s.limits }

// Decoder returns an SSE decoder over the body whose lines and events are
// bounded by the stream's MaxEvent.
func (s *Stream) Decoder() *SSEDecoder {
	d := NewSSEDecoder(s.Body)
	d.MaxLine = s.limits.MaxEvent
	return d
}

// Progress records n bytes of content (text, reasoning, tool name and
// arguments): it restarts the no-content timer and fails with a
// ClassTooLarge *Error once the response passes MaxResponse.
func (s *Stream) Progress(n int) error {
	if n <= 0 {
		return nil
	}
	s.stall.Reset(s.limits.NoContent)
	s.total += int64(n)
	if s.total > s.limits.MaxResponse {
		return TooLargeError(s.limits.MaxResponse)
	}
	return nil
}

// OpenStream POSTs body as JSON and returns the 2xx response body. The call
// fails with ClassTimeout when no byte arrives for lim.Idle (headers
// included) or no content for lim.NoContent, and with a classified *Error
// for a non-2xx status.
func OpenStream(ctx context.Context, hc *http.Client, lim Limits, url string,
	header http.Header, body []byte) (*Stream, error) {
	lim = lim.withDefaults()
	rctx, cancel := context.WithCancelCause(ctx)
	timer := time.AfterFunc(lim.Idle, func() { cancel(ErrIdle) })
	stall := time.AfterFunc(lim.NoContent, func() { cancel(&noContent{after: lim.NoContent}) })
	stop := func() { timer.Stop(); stall.Stop(); cancel(context.Canceled) }
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		stop()
		return nil, &Error{Class: ClassInvalidRequest, Err: err, Message: "bad endpoint URL: " + err.Error()}
	}
	req.Header = header.Clone()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		e := TransportError(rctx, err)
		stop()
		return nil, e
	}
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		stop()
		return nil, HTTPError(resp.StatusCode, resp.Header, b)
	}
	r := &idleReader{r: resp.Body, timer: timer, idle: lim.Idle}
	var once sync.Once
	return &Stream{Body: r, Header: resp.Header, Ctx: rctx, limits: lim, stall: stall, close: func() {
		once.Do(func() { stop(); resp.Body.Close() })
	}}, nil
}

type idleReader struct {
	r     io.Reader
	timer *time.Timer
	idle  time.Duration
}

func (r *idleReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.timer.Reset(r.idle)
	}
	return n, err
}
