package notify

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/godbus/dbus/v5"
)

// The desktop notification service (freedesktop.org Desktop Notifications
// Specification), served by GNOME Shell, KDE Plasma, dunst, mako and others.
const (
	busName    = "org.freedesktop.Notifications"
	objectPath = dbus.ObjectPath("/org/freedesktop/Notifications")
	iface      = "org.freedesktop.Notifications"
)

// ErrUnsupported is Dial's answer on macOS and Windows, which have no
// desktop notification service on D-Bus. No maintained Go library served
// by the module proxy here does theirs (with a click reported back), so
// there the app goes without notifications.
var ErrUnsupported = errors.New("desktop notifications are not supported on " + runtime.GOOS)

// DBus sends notifications to the session bus's notification service and
// reports a click on one as the conversation it was about.
type DBus struct {
	conn    *dbus.Conn
	onClick func(conversation string)
	signals chan *dbus.Signal
	done    chan struct{}

	mu     sync.Mutex
	byID   map[uint32]string // shown notification → its conversation
	closed bool
}

// Dial connects to the session bus; onClick is called, on the notifier's
// own goroutine, with the conversation of a notification the person
// clicked.
func Dial(ctx context.Context, onClick func(conversation string)) (*DBus, error) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return nil, ErrUnsupported
	}
	conn, err := dbus.ConnectSessionBus(dbus.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("connecting to the session bus: %w", err)
	}
	d := &DBus{conn: conn, onClick: onClick, signals: make(chan *dbus.Signal, 16), done: make(chan struct{}), byID: map[uint32]string{}}
	for _, member := range []string{"ActionInvoked", "NotificationClosed"} {
		if err := conn.AddMatchSignalContext(ctx, dbus.WithMatchObjectPath(objectPath), dbus.WithMatchInterface(iface), dbus.WithMatchMember(member)); err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("listening for notification clicks: %w", err)
		}
	}
	conn.Signal(d.signals)
	go d.listen()
	return d, nil
}

// Notify shows m; a click on it opens conversation.
func (d *DBus) Notify(ctx context.Context, m Message, conversation string) error {
	actions := []string{"default", "Open"}
	hints := map[string]dbus.Variant{"desktop-entry": dbus.MakeVariant("hearth")}
	var id uint32
	call := d.conn.Object(busName, objectPath).CallWithContext(ctx, iface+".Notify", 0,
		"Hearth", uint32(0), "hearth", m.Summary, m.Body, actions, hints, int32(-1))
	if err := call.Store(&id); err != nil {
		return fmt.Errorf("showing a notification: %w", err)
	}
	d.mu.Lock()
	d.byID[id] = conversation
	d.mu.Unlock()
	return nil
}

// listen turns the service's signals into clicks until Close.
func (d *DBus) listen() {
	defer close(d.done)
	for s := range d.signals {
		if len(s.Body) < 2 {
			continue
		}
		id, ok := s.Body[0].(uint32)
		if !ok {
			continue
		}
		switch s.Name {
		case iface + ".ActionInvoked":
			action, _ := s.Body[1].(string)
			d.mu.Lock()
			conv, known := d.byID[id]
			d.mu.Unlock()
			if known && action == "default" && d.onClick != nil {
				d.onClick(conv)
			}
		case iface + ".NotificationClosed":
			d.mu.Lock()
			delete(d.byID, id)
			d.mu.Unlock()
		}
	}
}

// Close disconnects; no click is reported after it returns.
func (d *DBus) Close() error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil
	}
	d.closed = true
	d.mu.Unlock()
	err := d.conn.Close() // closes d.signals, which ends listen
	<-d.done
	return err
}
