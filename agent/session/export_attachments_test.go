package session

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

func TestExportEmbedsOrLinksAttachments(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	img, pdf := []byte("\x89PNG a picture"), []byte("%PDF-1.4 a document")
	if _, err := s.AddUserMessageWith(ctx, sess.ID, "look at these", []Attachment{
		{Kind: "image", MediaType: "image/png", Name: "shot.png", Data: img},
		{Kind: "document", MediaType: "application/pdf", Name: "spec [v2].pdf", Data: pdf},
		{Kind: "text", Name: "notes.txt", Text: "Attached file notes.txt"},
	}); err != nil {
		t.Fatal(err)
	}
	tr := mustLoad(t, s, sess.ID)
	export := func(f ExportFormat, mode AttachmentMode) string {
		t.Helper()
		var buf bytes.Buffer
		if err := ExportWith(&buf, tr, f, redact.New(), mode); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}

	md := export(FormatMarkdown, EmbedAttachments)
	for _, want := range []string{
		"![shot.png](<data:image/png;base64," + base64.StdEncoding.EncodeToString(img) + ">)",
		"[spec (v2).pdf](<data:application/pdf;base64," + base64.StdEncoding.EncodeToString(pdf) + ">)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("embedded Markdown lacks %q:\n%s", want, md)
		}
	}

	md = export(FormatMarkdown, LinkAttachments)
	start := strings.Index(md, "![shot.png](<")
	if start < 0 || strings.Contains(md, "base64") {
		t.Fatalf("linked Markdown:\n%s", md)
	}
	link := md[start+len("![shot.png](<"):]
	link = link[:strings.Index(link, ">)")]
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "file" {
		t.Fatalf("link %q: %v", link, err)
	}
	if got, err := os.ReadFile(u.Path); err != nil || !bytes.Equal(got, img) {
		t.Errorf("the link does not lead to the picture: %q, %v", got, err)
	}

	var doc struct {
		Messages []struct {
			Attachments []struct {
				Name, Data, Path string
				Missing          bool
			} `json:"attachments"`
		} `json:"messages"`
	}
	if err := json.Unmarshal([]byte(export(FormatJSON, EmbedAttachments)), &doc); err != nil {
		t.Fatal(err)
	}
	a := doc.Messages[0].Attachments
	if len(a) != 3 || a[0].Data != base64.StdEncoding.EncodeToString(img) || a[0].Path != "" || a[2].Data != "" {
		t.Errorf("embedded JSON attachments %+v", a)
	}
	doc.Messages = nil
	if err := json.Unmarshal([]byte(export(FormatJSON, LinkAttachments)), &doc); err != nil {
		t.Fatal(err)
	}
	if a := doc.Messages[0].Attachments; a[0].Data != "" || a[0].Path != u.Path {
		t.Errorf("linked JSON attachments %+v", a)
	}

	// A file gone from the store is said so, not embedded as nothing.
	if err := os.Remove(u.Path); err != nil {
		t.Fatal(err)
	}
	tr = mustLoad(t, s, sess.ID)
	if md := export(FormatMarkdown, EmbedAttachments); !strings.Contains(md, "*shot.png (image/png) is no longer stored*") {
		t.Errorf("missing file:\n%s", md)
	}
	if err := ExportWith(&bytes.Buffer{}, tr, FormatJSON, redact.New(), "zip"); err == nil {
		t.Error("an unknown attachment mode was taken")
	}
}
