package conversation

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestSentAttachmentsAreStoredAndComeBackOnReopen(t *testing.T) {
	c, ev, store, _ := newConversation(t, text("A blank picture."))
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 12, 8))); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.SendWith("what is in the picture", []File{{Name: "shot.png", Data: buf.Bytes()}, {Name: "notes.txt", Data: []byte("blank on purpose")}})
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); d.Text != "A blank picture." {
		t.Fatalf("done %+v", d)
	}
	waitIdle(t, c)
	tr, err := store.Load(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	atts := tr.Messages[0].Attachments
	if len(atts) != 2 || atts[0].Kind != "image" || atts[0].MediaType != "image/png" || len(atts[0].Data) == 0 || !strings.Contains(atts[1].Text, "blank on purpose") {
		t.Fatalf("stored attachments %+v", atts)
	}
	if _, err := c.Reopen(context.Background(), c.SessionID()); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	parts := c.history[0].Parts
	c.mu.Unlock()
	if len(parts) != 2 || parts[0].Kind != llm.PartImage || parts[0].Name != "shot.png" {
		t.Errorf("reopened history parts %+v", parts)
	}
}

func TestBadAttachmentsAreRefused(t *testing.T) {
	c, ev, _, _ := newConversation(t, text("never"))
	if _, _, err := c.SendWith("hi", []File{{Name: "empty.png"}}); err == nil || !strings.Contains(err.Error(), "empty.png is empty") {
		t.Errorf("empty file: %v", err)
	}
	id, _, err := c.SendWith("hi", []File{{Name: "cut.png", Data: []byte("\x89PNG\r\n\x1a\n\x00\x00\x00")}})
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	ev.mu.Lock()
	defer ev.mu.Unlock()
	found := false
	for _, e := range ev.list {
		if te, ok := e.(*TurnError); ok && strings.Contains(te.Message, "cut.png") && strings.Contains(te.Message, "corrupt or truncated") {
			found = true
		}
	}
	if !found {
		t.Errorf("no error event naming the broken file: %+v", ev.list)
	}
}
