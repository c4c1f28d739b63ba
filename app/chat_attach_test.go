package app

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

func pngBase64(t *testing.T, w, h int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

// The request's last user message, as the scripted provider received it.
func lastUserContent(t *testing.T, p *scriptedProvider) []any {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	msgs := p.requests[len(p.requests)-1]["messages"].([]any)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i].(map[string]any)
		if m["role"] == "user" {
			c, ok := m["content"].([]any)
			if !ok {
				t.Fatalf("user content is %T, want parts: %v", m["content"], m["content"])
			}
			return c
		}
	}
	t.Fatal("no user message")
	return nil
}

func TestSendWithAnImageReachesTheModelAndIsShownAgainAfterReopening(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("A black square.")}}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.SendWith(a.shownID(), "what is in the picture", []FileInput{{Name: "shot.png", Data: pngBase64(t, 40, 30)}}); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	parts := lastUserContent(t, p)
	var url string
	for _, part := range parts {
		m := part.(map[string]any)
		if m["type"] == "image_url" {
			url = m["image_url"].(map[string]any)["url"].(string)
		}
	}
	if !strings.HasPrefix(url, "data:image/png;base64,") {
		t.Fatalf("no image_url part with a PNG data URL in %v", parts)
	}

	waitIdle(t, a) // done is sent just before the turn lets go
	id := a.chat().SessionID()
	tr, err := a.h.Sessions.OpenSession(id)
	if err != nil {
		t.Fatal(err)
	}
	atts := tr.Messages[0].Attachments
	if len(atts) != 1 || atts[0].Name != "shot.png" || atts[0].MediaType != "image/png" || atts[0].SHA256 == "" || atts[0].Size == 0 {
		t.Fatalf("stored attachments %+v", atts)
	}
	got, err := a.h.Sessions.StoredAttachment(id, atts[0].SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if got.MediaType != "image/png" || got.DataURL != url {
		t.Errorf("StoredAttachment = %s (%d chars), want what the model was sent", got.MediaType, len(got.DataURL))
	}
	if _, err := a.h.Sessions.StoredAttachment("another", atts[0].SHA256); !isInvalid(err, "attachment") {
		t.Errorf("another conversation's attachment: %v", err)
	}
}

// An image alone, with no text, is a message: the model gets the image part only.
func TestSendWithAnImageAlone(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("A black square.")}}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.SendWith(a.shownID(), "", []FileInput{{Name: "shot.png", Data: pngBase64(t, 4, 4)}}); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	parts := lastUserContent(t, p)
	if len(parts) != 1 || parts[0].(map[string]any)["type"] != "image_url" {
		t.Errorf("user content %v, want the image alone", parts)
	}
}

func TestSendWithRefusesWhatCannotBeSent(t *testing.T) {
	p := &scriptedProvider{}
	a, _, _ := chatApp(t, p, "ask")
	cases := []struct {
		name   string
		prompt string
		files  []FileInput
		field  string
		says   string
	}{
		{"nothing", "", nil, "prompt", "empty"},
		{"broken base64", "look", []FileInput{{Name: "a.png", Data: "%%%"}}, "attachments", "a.png: the file did not arrive whole"},
		{"empty file", "look", []FileInput{{Name: "a.png", Data: ""}}, "attachments", "a.png is empty"},
	}
	for _, c := range cases {
		_, err := a.h.Chat.SendWith(a.shownID(), c.prompt, c.files)
		if !isInvalid(err, c.field) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want invalid %s saying %q", c.name, err, c.field, c.says)
		}
	}
}

func TestChatChoiceSaysWhetherTheModelSees(t *testing.T) {
	a, _, _ := chatApp(t, &scriptedProvider{}, "ask")
	if a.h.Composer.ChatChoice().Vision {
		t.Error("scripted-model is said to see images")
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error { s.ActiveModel = "gpt-4o"; return nil }); err != nil {
		t.Fatal(err)
	}
	if v := a.h.Composer.ChatChoice(); !v.Vision || v.Model != "gpt-4o" {
		t.Errorf("gpt-4o: %+v", v)
	}
}

func isInvalid(err error, field string) bool {
	v := errorView(err)
	return err != nil && v.Code == CodeInvalid && v.Field == field
}

func TestAProviderRefusingTheImageGivesTheTypedError(t *testing.T) {
	p := &scriptedProvider{refuse: "Invalid content type. image_url is only supported by certain models."}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.SendWith(a.shownID(), "what is in the picture", []FileInput{{Name: "shot.png", Data: pngBase64(t, 8, 8)}}); err != nil {
		t.Fatal(err)
	}
	e := rec.waitFor(t, "error")
	if e["class"] != "no_vision" || !strings.Contains(e["message"].(string), "this model can't see images: pick a vision model or send without") {
		t.Errorf("error event = %v", e)
	}
}

func TestExportSessionEmbedsOrLinksTheAttachments(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("A square.")}}
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.SendWith(a.shownID(), "what is in the picture", []FileInput{{Name: "shot.png", Data: pngBase64(t, 4, 4)}}); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	id := a.chat().SessionID()
	embedded, err := a.h.Sessions.ExportSession(id, "md", "embed")
	if err != nil || !strings.Contains(embedded, "![shot.png](<data:image/png;base64,") {
		t.Errorf("embedded export: %v\n%s", err, embedded)
	}
	linked, err := a.h.Sessions.ExportSession(id, "md", "")
	if err != nil || !strings.Contains(linked, "![shot.png](<file://") || strings.Contains(linked, "base64") {
		t.Errorf("linked export: %v\n%s", err, linked)
	}
	if _, err := a.h.Sessions.ExportSession(id, "md", "zip"); !isInvalid(err, "attachments") {
		t.Errorf("unknown mode: %v", err)
	}
}
