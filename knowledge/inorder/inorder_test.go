package inorder

import (
	"context"
	"errors"
	"math/rand"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// While the first check hangs, the other workers stop lookahead past it
// instead of checking everything behind it.
func TestCheckInOrderStaysNearTheFirstUnfinished(t *testing.T) {
	const n = 1000
	var started atomic.Int64
	release := make(chan struct{})
	check := func(i int) int {
		started.Add(1)
		if i == 0 {
			<-release
		}
		return i
	}
	go func() {
		// Release only once the others have filled the window, so the test
		// runs with the first check really hung even on a loaded machine.
		if eventually.Within(eventually.Deadline, func() error {
			if started.Load() < lookahead {
				return errors.New("window not full")
			}
			return nil
		}) == nil {
			time.Sleep(50 * time.Millisecond) // time for the others to run past the window, were they free to
		}
		close(release)
	}()
	var handed []int
	Check(context.Background(), n, 8, check, func(r int) bool {
		handed = append(handed, r)
		return len(handed) == 3
	})
	if got := started.Load(); got > lookahead {
		t.Errorf("%d checks started while the first hung, want at most %d", got, lookahead)
	}
	if len(handed) != 3 || handed[0] != 0 || handed[1] != 1 || handed[2] != 2 {
		t.Errorf("handed on %v, want [0 1 2]", handed)
	}
}

func TestCheckInOrderHandsOnInOrder(t *testing.T) {
	tests := []struct {
		name      string
		n, stopAt int // stopAt 0: enough never says stop
		noEnough  bool
	}{
		{name: "stops when enough says so", n: 500, stopAt: 120},
		{name: "all when enough never stops", n: 300},
		{name: "all without enough", n: 300, noEnough: true},
		{name: "fewer items than workers", n: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int64
			check := func(i int) int {
				calls.Add(1)
				time.Sleep(time.Duration(rand.Intn(200)) * time.Microsecond) // checks of uneven length finish out of order
				return i + 1                                                 // 0 marks a result not checked
			}
			var handed []int
			enough := func(r int) bool {
				handed = append(handed, r)
				return len(handed) == tt.stopAt
			}
			if tt.noEnough {
				enough = nil
			}
			out := Check(context.Background(), tt.n, 8, check, enough)
			want := tt.n
			if tt.stopAt > 0 {
				want = tt.stopAt
			}
			if tt.noEnough {
				for i := range want {
					if out[i] != i+1 {
						t.Fatalf("result %d = %d, want %d", i, out[i], i+1)
					}
				}
			} else {
				if len(handed) != want {
					t.Fatalf("handed on %d results, want %d", len(handed), want)
				}
				for i, r := range handed {
					if r != i+1 {
						t.Fatalf("handed on %d at position %d: out of order", r, i)
					}
				}
			}
			if c := calls.Load(); c < int64(want) || c > int64(want+lookahead) {
				t.Errorf("%d checks, want %d to %d", c, want, want+lookahead)
			}
		})
	}
}

// Workers waiting their turn behind a hung check return on a cancel.
func TestCheckInOrderReturnsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int64
	check := func(i int) int {
		calls.Add(1)
		if i == 0 {
			<-ctx.Done()
		}
		return i
	}
	returned := make(chan struct{})
	go func() {
		Check(ctx, 1000, 8, check, func(int) bool { return false })
		close(returned)
	}()
	eventually.True(t, "the workers to fill the window behind the hung check", func() bool { return calls.Load() >= lookahead })
	cancel()
	select {
	case <-returned:
	case <-time.After(5 * time.Second):
		t.Fatal("Check still running 5 s after the cancel")
	}
	if c := calls.Load(); c > lookahead {
		t.Errorf("%d checks of 1000, want at most %d: the cancel should stop the waiting workers", c, lookahead)
	}
}

// slowCancel is cancelled during its Err call number n+1, which takes
// 20 ms: a worker caught by the cancel is late to leave, as one the
// scheduler set aside is, while the others run on.
type slowCancel struct {
	context.Context
	calls     atomic.Int32
	cancelled atomic.Bool
	n         int32
}

func (c *slowCancel) Err() error {
	if c.calls.Add(1) == c.n+1 {
		time.Sleep(20 * time.Millisecond) // the late worker's slowness, not a wait
		c.cancelled.Store(true)
	}
	if c.cancelled.Load() {
		return context.Canceled
	}
	return nil
}

// Wherever a cancel comes, Check returns: a worker that stops on
// it leaves the file it took unchecked, and the workers waiting behind
// that file must not wait on.
func TestCheckInOrderReturnsWhenCancelledAnywhere(t *testing.T) {
	check := func(i int) int { return i }
	for n := range int32(60) {
		returned := make(chan struct{})
		go func() {
			defer close(returned)
			ctx := &slowCancel{Context: context.Background(), n: n}
			Check(ctx, 200, 8, check, func(int) bool { return false })
		}()
		select {
		case <-returned:
		case <-time.After(5 * time.Second):
			t.Fatalf("cancelled in call %d of Err: still running after 5 s", n+1)
		}
	}
}
