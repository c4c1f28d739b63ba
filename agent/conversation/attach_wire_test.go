package conversation

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/media/mediatest"
	"github.com/hearth-agent/hearth/agent/settings"
)

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
		{Role: llm.RoleUser, Text: "read this", Parts: []llm.Part{{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "memo.pdf", Data: mediatest.PDF("Quarterly memo body")}}},
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
