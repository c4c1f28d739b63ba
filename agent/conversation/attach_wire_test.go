package conversation

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/settings"
)

// onePagePDF is a one-page PDF saying line, with a correct cross-reference table.
func onePagePDF(line string) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	content := fmt.Sprintf("BT /F1 12 Tf 72 720 Td (%s) Tj ET", line)
	b.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Count 1 /Kids [4 0 R] >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>")
	obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// A PDF sent on the Anthropic wire is a document part without text; the
// conversation continued on an OpenAI-wire model sends its extracted text.
func TestDocumentFromAnthropicWireGoesOnAsTextOnOpenAIWire(t *testing.T) {
	rec := &recorder{script: script{replies: []string{text("It says hello.")}}}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	c, ev, _, _ := newConversation(t)
	st := c.cfg.Settings()
	st.Custom = []settings.CustomEndpoint{{Name: "other", BaseURL: srv.URL + "/v1"}}
	c.cfg.Settings = func() settings.Settings { return st }
	if err := c.SetChoice(Choice{ProviderID: "custom:other", Model: "openai-model"}); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	c.history = []llm.Message{
		{Role: llm.RoleUser, Text: "read this", Parts: []llm.Part{{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "memo.pdf", Data: onePagePDF("Quarterly memo body")}}},
		{Role: llm.RoleAssistant, Text: "A memo."},
	}
	c.mu.Unlock()
	id, _, err := c.Send("what does it say")
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); d.Text != "It says hello." {
		t.Fatalf("done %+v", d)
	}
	body := rec.body(0)
	if !strings.Contains(body, "Quarterly memo body") || !strings.Contains(body, "--- page 1 ---") {
		t.Errorf("the request lacks the PDF's text: %s", body)
	}
}
