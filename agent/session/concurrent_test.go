package session

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

func TestRecoverLeavesALiveWritersStepAlone(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	ui := openAt(t, path, Options{})
	sess := mustCreate(t, ui, "/ws")
	mustUser(t, ui, sess.ID, "hello")
	live, err := ui.BeginAssistant(ctx, sess.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	live.AppendText("still typing\n")
	if err := live.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	headless := openAt(t, path, Options{}) // runs Recover at open
	if m := mustLoad(t, headless, sess.ID).Messages[1]; m.State != StateStreaming {
		t.Fatalf("a live writer's step was marked %s", m.State)
	}

	// The UI goes away without finishing: its lock is released, as when a
	// process dies, and the next Recover marks the step interrupted.
	ui.Close()
	if err := headless.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	m := mustLoad(t, headless, sess.ID).Messages[1]
	if m.State != StateInterrupted || m.Text != "still typing\n" || m.FinishedAt.IsZero() {
		t.Fatalf("after the writer left: %+v", m)
	}
}

// Two Stores on one file, as the desktop app and a headless run would be,
// writing to their own sessions and to a shared one while reading.
func TestTwoStoresShareOneFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	stores := []*Store{openAt(t, path, Options{}), openAt(t, path, Options{})}
	shared := mustCreate(t, stores[0], "/ws/shared")
	const perWriter = 40
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	own := make([]string, len(stores))
	for i, s := range stores {
		sess := mustCreate(t, s, fmt.Sprintf("/ws/%d", i))
		own[i] = sess.ID
		wg.Add(2)
		go func(i int, s *Store) {
			defer wg.Done()
			for n := 0; n < perWriter; n++ {
				for _, id := range []string{own[i], shared.ID} {
					if _, err := s.AddUserMessage(ctx, id, fmt.Sprintf("writer %d message %d", i, n)); err != nil {
						errs <- err
						return
					}
				}
				turn, err := s.BeginAssistant(ctx, shared.ID, "", "")
				if err != nil {
					errs <- err
					return
				}
				turn.AppendText(fmt.Sprintf("reply %d-%d", i, n))
				if err := turn.Finish(ctx, End{State: StateComplete}); err != nil {
					errs <- err
					return
				}
			}
		}(i, s)
		go func(s *Store) { // a reader: the UI refreshing its list
			defer wg.Done()
			for n := 0; n < perWriter; n++ {
				if _, err := s.List(ctx, ListOptions{}); err != nil {
					errs <- err
					return
				}
				if _, err := s.Load(ctx, shared.ID); err != nil {
					errs <- err
					return
				}
			}
		}(s)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for i, s := range stores {
		if n := len(mustLoad(t, s, own[i]).Messages); n != perWriter {
			t.Fatalf("store %d own session has %d messages, want %d", i, n, perWriter)
		}
	}
	msgs := mustLoad(t, stores[1], shared.ID).Messages
	if len(msgs) != 4*perWriter {
		t.Fatalf("shared session has %d messages, want %d", len(msgs), 4*perWriter)
	}
	for i, m := range msgs {
		if m.Seq != int64(i+1) {
			t.Fatalf("seq gap or duplicate at %d: %d", i, m.Seq)
		}
		if m.Role == RoleAssistant && m.State != StateComplete {
			t.Fatalf("step %d is %s", m.Seq, m.State)
		}
	}
	var ok string
	if err := stores[0].w.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check = %q, %v", ok, err)
	}
}
