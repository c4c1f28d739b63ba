package eventually

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// recorder is a testing.TB whose Fatalf records the message and stops the
// calling goroutine as the real one does.
type recorder struct {
	testing.TB
	msg string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(r)
}

// run calls f with a recorder and returns the failure message, "" if none.
func run(f func(t testing.TB)) (msg string) {
	r := &recorder{}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		msg = r.msg
	}()
	f(r)
	return ""
}

func TestTrueReturnsOnceTheConditionHolds(t *testing.T) {
	var calls atomic.Int32
	msg := run(func(tb testing.TB) {
		True(tb, "the third call", func() bool { return calls.Add(1) >= 3 })
	})
	if msg != "" {
		t.Fatalf("failed: %s", msg)
	}
	if got := calls.Load(); got != 3 {
		t.Fatalf("cond called %d times, want 3: it must stop polling once it holds", got)
	}
}

func TestNoErrorReturnsOnceTheConditionHolds(t *testing.T) {
	n := 0
	msg := run(func(tb testing.TB) {
		NoError(tb, "n to reach 2", func() error {
			if n++; n < 2 {
				return fmt.Errorf("n = %d", n)
			}
			return nil
		})
	})
	if msg != "" || n != 2 {
		t.Fatalf("msg %q, n %d; want no failure after 2 calls", msg, n)
	}
}

func TestWithinNamesTheLastError(t *testing.T) {
	n := 0
	start := time.Now()
	err := Within(50*time.Millisecond, func() error {
		n++
		return fmt.Errorf("attempt %d", n)
	})
	if err == nil || err.Error() != fmt.Sprintf("attempt %d", n) {
		t.Fatalf("err = %v, want the last attempt's (%d)", err, n)
	}
	if n < 2 {
		t.Fatalf("cond called %d times in 50 ms, want it polled", n)
	}
	if elapsed := time.Since(start); elapsed < 50*time.Millisecond {
		t.Fatalf("gave up after %v, before the 50 ms bound", elapsed)
	}
}

func TestWithinReturnsAtOnceWhenTheConditionHolds(t *testing.T) {
	if err := Within(time.Hour, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// The failure paths run on a short deadline through wait, which True and
// NoError share, and check the message True and NoError would print.
func TestFailureNamesWhatWasAwaited(t *testing.T) {
	tests := []struct {
		name string
		call func(tb testing.TB)
		want []string
	}{
		{"True", func(tb testing.TB) {
			trueWithin(tb, 30*time.Millisecond, "the index to open", func() bool { return false })
		},
			[]string{"the index to open"}},
		{"NoError", func(tb testing.TB) {
			noErrorWithin(tb, 30*time.Millisecond, "the server to answer", func() error { return errors.New("connection refused") })
		}, []string{"the server to answer", "connection refused"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := run(tt.call)
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Fatalf("message %q does not name %q", msg, w)
				}
			}
		})
	}
}
