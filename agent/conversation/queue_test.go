package conversation

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// Stop pauses the queue: queued prompts stay until Resume, one can be
// removed, and Resume runs the rest in order.
func TestStopPausesTheQueue(t *testing.T) {
	c, ev, _, _ := newConversationIn(t, "ask",
		call("c1", "write_file", `{"path":"a.txt","content":"a\n"}`), text("resumed"))
	seen := map[string]bool{}
	first, _, err := c.Send("write a")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitApproval(t, first, seen) // the turn is running and waits
	second, queued, _ := c.Send("then this")
	third, queued3, _ := c.Send("and this")
	if !queued || !queued3 {
		t.Fatal("prompts sent during a turn were not queued")
	}
	idle := c.Idle()
	select {
	case <-idle:
		t.Fatal("Idle is closed while a turn waits for approval")
	default:
	}
	c.Stop()
	ev.waitDone(t, first)
	select { // a closing window waits on this for the stopped turn's save
	case <-idle:
	case <-time.After(eventually.Deadline):
		t.Fatal("Idle was not closed after Stop ended the turn")
	}
	if c.Running() {
		t.Fatal("Idle closed while a turn still runs")
	}
	ids, paused := c.Queued()
	if !paused || !reflect.DeepEqual(ids, []string{second, third}) {
		t.Fatalf("after Stop the queue is %v (paused %v), want both prompts paused", ids, paused)
	}
	if n := ev.approvals(second); n != 0 || ev.started(second) {
		t.Fatal("a queued prompt ran after Stop")
	}
	if err := c.RemoveQueued(third); err != nil {
		t.Fatal(err)
	}
	var in *InputError
	if err := c.RemoveQueued(third); !errors.As(err, &in) {
		t.Errorf("removing twice gave %v, want an input error", err)
	}
	started, err := c.ResumeQueue()
	if err != nil || started != second {
		t.Fatalf("ResumeQueue = %q, %v; want %q to start", started, err, second)
	}
	if d := ev.waitDone(t, second); d.Text != "resumed" {
		t.Errorf("the resumed turn answered %q", d.Text)
	}
	waitIdle(t, c)
	if ids, paused := c.Queued(); len(ids) != 0 || paused {
		t.Errorf("queue after resume: %v paused %v", ids, paused)
	}
	if ev.started(third) {
		t.Error("the removed prompt ran")
	}
	if _, err := c.ResumeQueue(); !errors.As(err, &in) {
		t.Errorf("resuming an empty queue gave %v, want an input error", err)
	}
}

func (e *events) started(turnID string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, ev := range e.list {
		if s, ok := ev.(*TurnStarted); ok && s.TurnID == turnID {
			return true
		}
	}
	return false
}
