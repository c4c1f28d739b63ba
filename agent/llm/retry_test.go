package llm

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRetryDelay(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	p := RetryPolicy{MaxRetries: 3, Base: time.Second, Max: 30 * time.Second,
		Now: func() time.Time { return now }, Rand: func() float64 { return 0.5 }}
	hdr := func(kv ...string) http.Header {
		h := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return h
	}
	tests := []struct {
		name    string
		err     *Error
		attempt int
		want    time.Duration
		ok      bool
	}{
		{"retry-after-ms wins", HTTPError(429, hdr("retry-after-ms", "250", "retry-after", "7"), nil), 1, 250 * time.Millisecond, true},
		{"retry-after seconds", HTTPError(429, hdr("retry-after", "7"), nil), 1, 7 * time.Second, true},
		{"retry-after http date", HTTPError(503, hdr("retry-after", now.Add(4*time.Second).Format(http.TimeFormat)), nil), 1, 4 * time.Second, true},
		{"too long a wait", HTTPError(429, hdr("retry-after", "3600"), nil), 1, time.Hour, false},
		{"backoff attempt 1", HTTPError(500, nil, nil), 1, 500 * time.Millisecond, true},
		{"backoff attempt 3", HTTPError(500, nil, nil), 3, 2 * time.Second, true},
		{"backoff capped", HTTPError(500, nil, nil), 10, 15 * time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := p.Delay(tt.err, tt.attempt)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Delay = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestRetryable(t *testing.T) {
	no := false
	tests := []struct {
		err  error
		want bool
	}{
		{HTTPError(408, http.Header{}, nil), true},
		{HTTPError(409, http.Header{}, nil), true},
		{HTTPError(429, http.Header{}, nil), true},
		{HTTPError(500, http.Header{}, nil), true},
		{HTTPError(529, http.Header{}, nil), true},
		{HTTPError(400, http.Header{}, nil), false},
		{HTTPError(401, http.Header{}, nil), false},
		{HTTPError(403, http.Header{}, nil), false},
		{HTTPError(404, http.Header{}, nil), false},
		{HTTPError(400, http.Header{}, []byte(`{"error":{"code":"context_length_exceeded","message":"too long"}}`)), false},
		{&Error{Class: ClassServer, ShouldRetry: &no}, false},
		{&Error{Class: ClassNetwork}, true},
		{&Error{Class: ClassCanceled}, false},
	}
	for i, tt := range tests {
		if got := Retryable(tt.err); got != tt.want {
			t.Errorf("%d: Retryable(%v) = %v, want %v", i, tt.err, got, tt.want)
		}
	}
}

// scripted answers Stream from a list of outcomes.
type scripted struct {
	calls atomic.Int32
	steps []func(onDelta func(Delta)) (*Response, error)
}

func (s *scripted) Stream(ctx context.Context, req *Request, onDelta func(Delta)) (*Response, error) {
	i := int(s.calls.Add(1)) - 1
	return s.steps[i](onDelta)
}

func TestStreamWithRetry(t *testing.T) {
	rl := func(func(Delta)) (*Response, error) {
		return &Response{}, HTTPError(429, http.Header{"Retry-After": {"3"}}, nil)
	}
	ok := func(on func(Delta)) (*Response, error) {
		on(Delta{Text: "hi"})
		return &Response{Message: Message{Text: "hi"}}, nil
	}
	shownThenFail := func(on func(Delta)) (*Response, error) {
		on(Delta{Text: "par"})
		return &Response{Message: Message{Text: "par"}}, &Error{Class: ClassServer}
	}
	var slept []time.Duration
	p := RetryPolicy{MaxRetries: 2, Base: time.Second, Max: time.Minute,
		Sleep: func(ctx context.Context, d time.Duration) error { slept = append(slept, d); return nil }}

	c := &scripted{steps: []func(func(Delta)) (*Response, error){rl, rl, ok}}
	var retries []RetryInfo
	resp, err := StreamWithRetry(context.Background(), c, &Request{}, p, func(Delta) {}, func(r RetryInfo) { retries = append(retries, r) })
	if err != nil || resp.Message.Text != "hi" {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	if len(retries) != 2 || retries[1].Attempt != 2 || retries[0].Class != ClassRateLimit || slept[0] != 3*time.Second {
		t.Fatalf("retries %+v slept %v", retries, slept)
	}

	c = &scripted{steps: []func(func(Delta)) (*Response, error){rl, rl, rl}}
	if _, err := StreamWithRetry(context.Background(), c, &Request{}, p, func(Delta) {}, nil); ClassOf(err) != ClassRateLimit || c.calls.Load() != 3 {
		t.Fatalf("after max retries: err %v calls %d", err, c.calls.Load())
	}

	quota := func(func(Delta)) (*Response, error) {
		return &Response{}, HTTPError(429, http.Header{"Retry-After": {"3"}, "X-Should-Retry": {"true"}},
			[]byte(`{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}`))
	}
	c = &scripted{steps: []func(func(Delta)) (*Response, error){quota, ok}}
	if _, err := StreamWithRetry(context.Background(), c, &Request{}, p, func(Delta) {}, nil); ClassOf(err) != ClassQuota || c.calls.Load() != 1 ||
		!strings.HasPrefix(err.Error(), "This key has no credit left") {
		t.Fatalf("a key without credit: err %v after %d calls, want quota after one", err, c.calls.Load())
	}

	c = &scripted{steps: []func(func(Delta)) (*Response, error){shownThenFail, ok}}
	if resp, err := StreamWithRetry(context.Background(), c, &Request{}, p, func(Delta) {}, nil); err == nil || resp.Message.Text != "par" || c.calls.Load() != 1 {
		t.Fatalf("retried after output was shown: calls %d err %v", c.calls.Load(), err)
	}
}

func TestIdleTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	s, err := OpenStream(context.Background(), srv.Client(), Limits{Idle: 100 * time.Millisecond}, srv.URL, http.Header{}, []byte("{}"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = NewSSEDecoder(s.Body).Next()
	if e := TransportError(s.Ctx, err); e.Class != ClassTimeout {
		t.Fatalf("class = %s (%v), want timeout", e.Class, err)
	}
}
