package record

import (
	"context"
	"math/rand"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
)

// Generated for the test; not live keys.
const (
	splitKey    = "sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6lMn9oPq2rSt5uVw8xYz1-AbCdEfAA"
	customValue = "gw-custom-endpoint-pass-55120"
)

// flushTimer holds the store's delta-flush timer so the test fires it
// between deltas instead of waiting for it.
type flushTimer struct {
	mu sync.Mutex
	f  func()
}

func (c *flushTimer) afterFunc(_ time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.f = f
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		live := c.f != nil
		c.f = nil
		return live
	}
}

// fire runs the armed flush, if any, as its timer would.
func (c *flushTimer) fire() {
	c.mu.Lock()
	f := c.f
	c.f = nil
	c.mu.Unlock()
	if f != nil {
		f()
	}
}

// rawStore is a store that redacts nothing itself, so only the recorder
// keeps keys out of it; its delta flush fires when the test calls fire.
func rawStore(t *testing.T) (st *session.Store, id string, fire func()) {
	t.Helper()
	ctx := context.Background()
	clock := &flushTimer{}
	st, err := session.Open(ctx, filepath.Join(t.TempDir(), "sessions.db"), session.Options{AfterFunc: clock.afterFunc})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := st.Create(ctx, session.NewSession{Workspace: "/ws", Provider: "p", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	return st, s.ID, clock.fire
}

func split(rng *rand.Rand, s string) []string {
	var out []string
	for len(s) > 0 {
		n := min(len(s), 1+rng.Intn(6))
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// stored is everything the step holds now, text and reasoning.
func stored(t *testing.T, st *session.Store, id string) string {
	t.Helper()
	tr, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, m := range tr.Messages[1:] {
		b.WriteString(m.Text + "\x00" + m.Reasoning + "\x00")
	}
	return b.String()
}

func TestSplitKeysNeverReachTheDatabase(t *testing.T) {
	redact.Register(customValue)
	rng := rand.New(rand.NewSource(7))
	text := "Your key is " + splitKey + "\nand the gateway's is " + customValue + "\nUsage: Bearer " + splitKey[7:] + " ok."
	reasoning := "I should not repeat " + splitKey + " but I will\n"
	want := redact.New().String(text)
	for trial := 0; trial < 8; trial++ {
		ctx := context.Background()
		st, id, fire := rawStore(t)
		r, err := Begin(ctx, st, id, "p", "m", "hi")
		if err != nil {
			t.Fatal(err)
		}
		check := func() {
			got := stored(t, st, id)
			for _, secret := range []string{splitKey[:20], splitKey[len(splitKey)-20:], customValue[:12], customValue[len(customValue)-12:]} {
				if strings.Contains(got, secret) {
					t.Fatalf("trial %d: a piece of a secret is stored: %q", trial, got)
				}
			}
		}
		for _, p := range split(rng, reasoning) {
			r.Event(ctx, loop.ReasoningDelta{Text: p})
		}
		for i, p := range split(rng, text) {
			r.Event(ctx, loop.TextDelta{Text: p})
			if i%5 == 0 {
				fire() // the store's timer writes whole lines
				check()
			}
		}
		r.Event(ctx, loop.UsageReported{Usage: llm.Usage{OutputTokens: 9}}) // ends the deltas: all is written
		check()
		r.Event(ctx, loop.TurnDone{})
		check()
		tr, err := st.Load(ctx, id)
		if err != nil || r.Err() != nil {
			t.Fatal(err, r.Err())
		}
		if m := tr.Messages[1]; m.Text != want || m.Reasoning != redact.New().String(reasoning) {
			t.Fatalf("trial %d stored\n text %q\n want %q\n reasoning %q", trial, m.Text, want, m.Reasoning)
		}
	}
}

// A key cut short by a tool call is stored as far as it got, redacted
// as it stands: nothing the recorder held back is lost.
func TestHeldTailIsStoredBeforeTheNextEvent(t *testing.T) {
	ctx := context.Background()
	st, id, _ := rawStore(t)
	r, err := Begin(ctx, st, id, "p", "m", "hi")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"see s", "k-proj-", "abc", "123"} {
		r.Event(ctx, loop.TextDelta{Text: p})
	}
	r.Event(ctx, loop.UsageReported{})
	r.Event(ctx, loop.TurnDone{})
	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Messages[1].Text; got != "see sk-proj-abc123" {
		t.Fatalf("stored %q", got)
	}
}
