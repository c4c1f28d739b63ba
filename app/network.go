package app

import (
	"errors"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// NetworkEntryView is one request Hearth made, for the Network view.
type NetworkEntryView struct {
	Time     int64  `json:"time"` // Unix milliseconds
	Purpose  string `json:"purpose"`
	Method   string `json:"method"`
	Host     string `json:"host"`
	Path     string `json:"path"`
	Status   int    `json:"status"`
	BytesOut int64  `json:"bytesOut"`
	BytesIn  int64  `json:"bytesIn"`
	// Error says why there was no status (offline, refused, timed out).
	Error string `json:"error"`
}

// Network lists the requests Hearth made for a conversation (its session
// id), or its own requests outside any conversation for "", oldest first.
func (a *Sessions) Network(sessionID string) ([]NetworkEntryView, error) {
	s := a.sessions()
	if s == nil {
		return nil, invalidf("sessions", "the conversation store is not open")
	}
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	log, err := s.Network(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	out := make([]NetworkEntryView, 0, len(log))
	for _, e := range log {
		out = append(out, NetworkEntryView{Time: e.Time.UnixMilli(), Purpose: string(e.Purpose), Method: e.Method,
			Host: e.Host, Path: e.Path, Status: e.Status, BytesOut: e.BytesOut, BytesIn: e.BytesIn, Error: e.Error})
	}
	return out, nil
}

// SetOffline turns "Work offline" on or off: on, Hearth connects only to
// model servers on this machine.
func (a *Settings) SetOffline(on bool) (SettingsView, error) {
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Offline = on
		return nil
	}); err != nil {
		return SettingsView{}, err
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	return a.view(ctx), nil
}

// netRecorder keeps the app's requests in the conversation store's
// network log while the window is open.
type netRecorder struct {
	mu   sync.Mutex
	stop func()
}

// RecordNetwork makes every request Hearth makes go to the network log and
// follow the settings' "Work offline"; Close stops it before the store
// closes.
func (l Lifecycle) RecordNetwork() error {
	a := l.a
	if a.deps.Settings == nil {
		return errors.New("no settings")
	}
	buf := egress.NewBuffer(func() egress.Writer {
		if s := a.sessions(); s != nil {
			return s
		}
		return nil
	})
	prevSink := egress.Default.SetSink(buf)
	prevOff := egress.Default.SetOffline(func() bool { return a.deps.Settings.Get().Offline })
	a.net.mu.Lock()
	defer a.net.mu.Unlock()
	a.net.stop = func() {
		egress.Default.Settle()
		egress.Default.SetSink(prevSink)
		egress.Default.SetOffline(prevOff)
		buf.Close()
	}
	return nil
}

// stopRecording writes what the network log still holds; the store must
// still be open.
func (n *netRecorder) stopRecording() {
	n.mu.Lock()
	stop := n.stop
	n.stop = nil
	n.mu.Unlock()
	if stop != nil {
		stop()
	}
}

var _ egress.Writer = (*session.Store)(nil)
