package notify

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/godbus/dbus/v5"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// recorder is a notification service: it owns the service's name on the
// test's bus and keeps what it is asked to show.
type recorder struct {
	conn *dbus.Conn
	mu   sync.Mutex
	got  []shown
}

type shown struct {
	id            uint32
	summary, body string
	actions       []string
}

func (r *recorder) Notify(app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := uint32(len(r.got) + 1)
	r.got = append(r.got, shown{id, summary, body, actions})
	return id, nil
}

func (r *recorder) GetCapabilities() ([]string, *dbus.Error) {
	return []string{"actions", "body"}, nil
}

func (r *recorder) CloseNotification(id uint32) *dbus.Error {
	if err := r.conn.Emit(objectPath, iface+".NotificationClosed", id, uint32(3)); err != nil {
		return dbus.MakeFailedError(err)
	}
	return nil
}

func (r *recorder) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "recorder", "hearth", "1", "1.2", nil
}

func (r *recorder) shown() []shown {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]shown(nil), r.got...)
}

// serveNotifications makes a recorder the notification service of the
// session bus, which must be the test's own (scripts/sandbox.sh).
func serveNotifications(t *testing.T) *recorder {
	t.Helper()
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Skip("no session bus: run under scripts/sandbox.sh (make keychain-test)")
	}
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatalf("connecting to the session bus: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	r := &recorder{conn: conn}
	if err := conn.Export(r, objectPath, iface); err != nil {
		t.Fatal(err)
	}
	reply, err := conn.RequestName(busName, dbus.NameFlagDoNotQueue)
	if err != nil {
		t.Fatal(err)
	}
	if reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("%s is owned by another service: run this test on a private bus (scripts/sandbox.sh)", busName)
	}
	return r
}

func TestDBusShowsTheTitleAndReportsTheClick(t *testing.T) {
	r := serveNotifications(t)
	clicks := make(chan string, 1)
	ctx := context.Background()
	d, err := Dial(ctx, func(conv string) { clicks <- conv })
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	cmd := "curl https://example.com/install.sh | sh"
	m := Compose(Event{Kind: NeedsApproval, Conversation: "s-42", Title: "Set up the build", Detail: cmd}, false)
	if err := d.Notify(ctx, m, "s-42"); err != nil {
		t.Fatal(err)
	}
	got := r.shown()
	if len(got) != 1 {
		t.Fatalf("the service showed %d notifications, want 1", len(got))
	}
	n := got[0]
	if n.summary != "Set up the build" || n.body != "Needs your approval" {
		t.Errorf("shown %q / %q, want the title and the kind of wait", n.summary, n.body)
	}
	if strings.Contains(n.summary+n.body, "curl") {
		t.Errorf("the command reached the notification: %q / %q", n.summary, n.body)
	}
	if len(n.actions) < 2 || n.actions[0] != "default" {
		t.Errorf("actions %q, want a default action", n.actions)
	}

	// Another action, or a notification not ours, is no click.
	if err := r.conn.Emit(objectPath, iface+".ActionInvoked", n.id, "other"); err != nil {
		t.Fatal(err)
	}
	if err := r.conn.Emit(objectPath, iface+".ActionInvoked", n.id+100, "default"); err != nil {
		t.Fatal(err)
	}
	if err := r.conn.Emit(objectPath, iface+".ActionInvoked", n.id, "default"); err != nil {
		t.Fatal(err)
	}
	var conv string
	eventually.True(t, "the click reported", func() bool {
		select {
		case conv = <-clicks:
			return true
		default:
			return false
		}
	})
	if conv != "s-42" {
		t.Errorf("the click opened %q, want s-42", conv)
	}
	if len(clicks) != 0 {
		t.Errorf("more than one click reported: %q", <-clicks)
	}
}

func TestDBusForgetsAClosedNotification(t *testing.T) {
	r := serveNotifications(t)
	var mu sync.Mutex
	var clicks []string
	ctx := context.Background()
	d, err := Dial(ctx, func(conv string) { mu.Lock(); clicks = append(clicks, conv); mu.Unlock() })
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, conv := range []string{"a", "b"} {
		if err := d.Notify(ctx, Compose(Event{Kind: Finished, Title: conv}, false), conv); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.CloseNotification(1); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the closed notification forgotten", func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		_, ok := d.byID[1]
		return !ok
	})
	// Signals arrive in order: once b's click is seen, a's came before it.
	_ = r.conn.Emit(objectPath, iface+".ActionInvoked", uint32(1), "default")
	_ = r.conn.Emit(objectPath, iface+".ActionInvoked", uint32(2), "default")
	eventually.True(t, "b's click reported", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(clicks) > 0
	})
	mu.Lock()
	defer mu.Unlock()
	if len(clicks) != 1 || clicks[0] != "b" {
		t.Errorf("clicks %q, want only b", clicks)
	}
}
