// Package eventually is the tests' one way to wait: poll a condition until
// it holds or a generous deadline passes, and name what was awaited when it
// does not. Tests wait on conditions, never on timers, because CI is a
// loaded machine where any fixed sleep is sometimes too short.
package eventually

import (
	"errors"
	"testing"
	"time"
)

// Deadline is how long True and NoError wait: long enough that only a
// condition that never holds reaches it on a loaded two-core machine.
const Deadline = 30 * time.Second

// poll is the longest pause between two checks; the first checks come
// sooner so a condition that holds at once costs nothing.
const poll = 20 * time.Millisecond

// True waits until cond returns true, failing t with what was awaited if it
// never does within Deadline.
func True(t testing.TB, what string, cond func() bool) {
	t.Helper()
	trueWithin(t, Deadline, what, cond)
}

// NoError waits until cond returns nil, failing t with what was awaited and
// the last error if it never does within Deadline.
func NoError(t testing.TB, what string, cond func() error) {
	t.Helper()
	noErrorWithin(t, Deadline, what, cond)
}

func trueWithin(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	if err := wait(d, func() error {
		if cond() {
			return nil
		}
		return errNotYet
	}); err != nil {
		t.Fatalf("waited %v for %s", d, what)
	}
}

func noErrorWithin(t testing.TB, d time.Duration, what string, cond func() error) {
	t.Helper()
	if err := wait(d, cond); err != nil {
		t.Fatalf("waited %v for %s: %v", d, what, err)
	}
}

// Within returns nil once cond returns nil, or cond's last error once d has
// passed. It is for the rare test whose assertion is the time bound itself
// (a process killed within a grace period); everything else uses True or
// NoError.
func Within(d time.Duration, cond func() error) error {
	return wait(d, cond)
}

var errNotYet = errors.New("not yet")

func wait(d time.Duration, cond func() error) error {
	deadline := time.Now().Add(d)
	pause := time.Millisecond
	for {
		err := cond()
		if err == nil {
			return nil
		}
		if !time.Now().Before(deadline) {
			return err
		}
		time.Sleep(min(pause, time.Until(deadline)))
		pause = min(2*pause, poll)
	}
}
