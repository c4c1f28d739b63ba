package llm

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryAfter reads retry-after-ms, then retry-after (seconds or HTTP date).
func retryAfter(h http.Header) (time.Duration, time.Time) {
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), time.Time{}
		}
	}
	v := strings.TrimSpace(h.Get("retry-after"))
	if v == "" {
		return 0, time.Time{}
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), time.Time{}
	}
	if t, err := http.ParseTime(v); err == nil {
		return 0, t
	}
	return 0, time.Time{}
}

// RetryPolicy decides whether and when a failed call is tried again.
// Sleep, Now and Rand are injectable so timing is tested without waiting.
type RetryPolicy struct {
	MaxRetries int           // retries after the first attempt
	Base       time.Duration // first backoff ceiling
	Max        time.Duration // backoff ceiling, and the longest server delay honoured
	Now        func() time.Time
	Rand       func() float64 // in [0,1)
	Sleep      func(ctx context.Context, d time.Duration) error
}

// DefaultRetry is the policy used when none is configured.
func DefaultRetry() RetryPolicy {
	return RetryPolicy{MaxRetries: 4, Base: 500 * time.Millisecond, Max: 60 * time.Second}
}

func (p RetryPolicy) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p RetryPolicy) sleep(ctx context.Context, d time.Duration) error {
	if p.Sleep != nil {
		return p.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Retryable reports whether err may be retried at all: 408/409/429/5xx/529,
// overload and connection failures, unless the server said x-should-retry:
// false; never auth, invalid requests or context length.
func Retryable(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	if e.Class == ClassQuota {
		return false // no credit comes back by waiting, whatever the server says
	}
	if e.ShouldRetry != nil {
		return *e.ShouldRetry && e.Class != ClassCanceled
	}
	if e.Status == 409 {
		return true // lock conflicts clear on their own
	}
	switch e.Class {
	case ClassAuth, ClassInvalidRequest, ClassContextLength, ClassCanceled, ClassOffline:
		return false
	case ClassRateLimit, ClassOverloaded, ClassServer, ClassNetwork, ClassTimeout:
		return true
	}
	return e.Status == 408 || e.Status == 409 || e.Status == 429 || e.Status >= 500
}

// Delay is how long to wait before retry number attempt (1-based): the
// server's own delay when it gave one, else full-jitter exponential backoff.
// ok is false when the server asks for longer than Max.
func (p RetryPolicy) Delay(err error, attempt int) (d time.Duration, ok bool) {
	var e *Error
	if errors.As(err, &e) {
		server := e.RetryAfter
		if !e.RetryAt.IsZero() {
			server = max(e.RetryAt.Sub(p.now()), 0)
		}
		if server > 0 || !e.RetryAt.IsZero() {
			return server, p.Max <= 0 || server <= p.Max
		}
	}
	ceiling := p.Base << (attempt - 1)
	if ceiling <= 0 || (p.Max > 0 && ceiling > p.Max) {
		ceiling = p.Max
	}
	r := rand.Float64
	if p.Rand != nil {
		r = p.Rand
	}
	return time.Duration(r() * float64(ceiling)), true
}

// RetryInfo describes a retry about to happen.
type RetryInfo struct {
	Class   Class
	Attempt int // 1 for the first retry
	Delay   time.Duration
	Err     error
}

// StreamWithRetry calls c.Stream and retries retryable failures, but only
// while nothing has been shown: once a delta reached onDelta a retry would
// repeat output, so the error is returned instead. onRetry (may be nil) is
// told before each wait.
func StreamWithRetry(ctx context.Context, c Client, req *Request, p RetryPolicy,
	onDelta func(Delta), onRetry func(RetryInfo)) (*Response, error) {
	for attempt := 1; ; attempt++ {
		shown := false
		resp, err := c.Stream(ctx, req, func(d Delta) {
			shown = true
			onDelta(d)
		})
		if err == nil || shown || attempt > p.MaxRetries || !Retryable(err) || ctx.Err() != nil {
			return resp, err
		}
		d, ok := p.Delay(err, attempt)
		if !ok {
			return resp, err
		}
		if onRetry != nil {
			onRetry(RetryInfo{Class: ClassOf(err), Attempt: attempt, Delay: d, Err: err})
		}
		if serr := p.sleep(ctx, d); serr != nil {
			return resp, TransportError(ctx, serr)
		}
	}
}
