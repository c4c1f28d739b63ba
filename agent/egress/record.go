package egress

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
)

// recorder records each request it passes on, once its response body is
// read to the end or closed (so a streamed answer counts in full).
type recorder struct {
	l       *Layer
	purpose Purpose
	next    http.RoundTripper
}

type recordedKey struct{}

// Recorded reports whether r passed through a recorder: a test's base
// transport uses it to fail on any request that bypassed the log.
func Recorded(r *http.Request) bool {
	v, _ := r.Context().Value(recordedKey{}).(bool)
	return v
}

func (rc *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	l := rc.l
	e := &entry{l: l, ctx: req.Context(), Entry: Entry{Time: l.now(), Purpose: rc.purpose, Method: req.Method,
		Host: req.URL.Host, Path: req.URL.EscapedPath()}}
	if e.Method == "" {
		e.Method = http.MethodGet
	}
	if e.Path == "" {
		e.Path = "/"
	}
	if l.Offline() && !allowedOffline(rc.purpose, req.URL.Hostname()) {
		err := &OfflineError{Purpose: rc.purpose, Host: req.URL.Host}
		if req.Body != nil {
			req.Body.Close() // a RoundTripper closes the body, even on error
		}
		e.fail(err.Error())
		return nil, err
	}
	l.open.Store(e, struct{}{})
	out := req.WithContext(context.WithValue(req.Context(), recordedKey{}, true))
	if req.Body != nil && req.Body != http.NoBody {
		out.Body = &countReader{rc: req.Body, n: &e.out}
		if get := req.GetBody; get != nil {
			out.GetBody = func() (io.ReadCloser, error) {
				b, err := get()
				if err != nil {
					return nil, err
				}
				return &countReader{rc: b, n: &e.out}, nil
			}
		}
	}
	resp, err := rc.next.RoundTrip(out)
	if err != nil {
		e.fail(errorText(err))
		return nil, err
	}
	e.mu.Lock()
	e.Status = resp.StatusCode
	e.mu.Unlock()
	if resp.Body == nil || resp.Body == http.NoBody {
		e.finish()
		return resp, nil
	}
	resp.Body = &countReader{rc: resp.Body, n: &e.in, done: e.finish}
	return resp, nil
}

// errorText is err without the URL an *url.Error carries (its query may
// hold a key).
func errorText(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// entry is a request on its way: its byte counts grow until it finishes.
type entry struct {
	l       *Layer
	ctx     context.Context
	out, in atomic.Int64
	once    sync.Once

	mu sync.Mutex // guards Entry's Status and Error
	Entry
}

func (e *entry) fail(why string) {
	e.mu.Lock()
	e.Error = why
	e.mu.Unlock()
	e.finish()
}

func (e *entry) finish() {
	e.once.Do(func() {
		e.l.open.Delete(e)
		s := e.l.sink.Load()
		if s == nil {
			return
		}
		e.mu.Lock()
		x := e.Entry
		e.mu.Unlock()
		if x.Status == 0 && x.Error == "" {
			x.Error = "no answer yet when the log was written"
		}
		x.BytesOut, x.BytesIn = e.out.Load(), e.in.Load()
		x.Session = conversationOf(e.ctx)
		s.Record(x)
	})
}

// countReader counts the bytes read through it and calls done at the end
// of the stream or on Close, whichever is first.
type countReader struct {
	rc   io.ReadCloser
	n    *atomic.Int64
	done func()
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.rc.Read(p)
	c.n.Add(int64(n))
	if err == io.EOF && c.done != nil {
		c.done()
	}
	return n, err
}

func (c *countReader) Close() error {
	err := c.rc.Close()
	if c.done != nil {
		c.done()
	}
	return err
}

// Settle records every request still open (a stream being read, a request
// awaiting its answer) with what it has sent and received so far, so a
// program that ends writes none of them off. Call it before the sink
// closes.
func (l *Layer) Settle() {
	l.open.Range(func(k, _ any) bool {
		k.(*entry).finish()
		return true
	})
}
