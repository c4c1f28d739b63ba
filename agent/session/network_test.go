package session

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
)

func TestNetworkLog(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	at := time.UnixMilli(1_700_000_000_000)
	in := []egress.Entry{
		{Time: at, Purpose: egress.Model, Method: "POST", Host: "api.example.com", Path: "/v1/chat/completions", Status: 200, BytesOut: 10, BytesIn: 20, Session: "a"},
		{Time: at, Purpose: egress.Update, Method: "GET", Host: "feed.example.com", Path: "/", Error: "offline: no"},
		{Time: at.Add(time.Second), Purpose: egress.MCP, Method: "POST", Host: "127.0.0.1:9", Path: "/mcp", Status: 202, Session: "a"},
	}
	if err := s.WriteNetwork(ctx, in); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id   string
		want []egress.Entry
	}{
		{"a", []egress.Entry{in[0], in[2]}},
		{"", []egress.Entry{in[1]}},
		{"b", nil},
	}
	for _, tt := range tests {
		got, err := s.Network(ctx, tt.id)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("session %q: got %+v, want %+v", tt.id, got, tt.want)
		}
	}
}

func TestNetworkLogIsBoundedPerSession(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var batch []egress.Entry
	for i := 0; i < NetworkCap+5; i++ {
		batch = append(batch, egress.Entry{Time: time.UnixMilli(int64(i)), Purpose: egress.Model, Method: "POST",
			Host: "h", Path: fmt.Sprintf("/%d", i), Session: "a"})
	}
	other := egress.Entry{Time: time.UnixMilli(1), Purpose: egress.Model, Method: "GET", Host: "h", Path: "/other", Session: "b"}
	if err := s.WriteNetwork(ctx, append(batch, other)); err != nil {
		t.Fatal(err)
	}
	got, err := s.Network(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != NetworkCap || got[0].Path != "/5" || got[len(got)-1].Path != fmt.Sprintf("/%d", NetworkCap+4) {
		t.Errorf("kept %d rows from %s to %s; want the newest %d", len(got), got[0].Path, got[len(got)-1].Path, NetworkCap)
	}
	if b, _ := s.Network(ctx, "b"); len(b) != 1 {
		t.Errorf("another session's rows: %d, want 1", len(b))
	}
}

func TestPurgeDropsTheNetworkLog(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	s := openAt(t, t.TempDir()+"/s.db", Options{Now: func() time.Time { return now }, UndoWindow: time.Minute})
	sess := mustCreate(t, s, t.TempDir())
	if err := s.WriteNetwork(ctx, []egress.Entry{{Time: now, Purpose: egress.Model, Method: "POST", Host: "h", Path: "/", Session: sess.ID}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour)
	if _, err := s.Purge(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Network(ctx, sess.ID); len(got) != 0 {
		t.Errorf("a purged session keeps %d network rows", len(got))
	}
}
