package serve

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

func TestShutdownStopsTurnsAndSavesThem(t *testing.T) {
	prov := newProvider(t, func(provRequest) provReply { return provReply{text: "half an answer ", hang: true} })
	h := startServer(t, prov)
	c := h.client()
	var resp *http.Response
	stream := c.Chat.Completions.NewStreaming(context.Background(), userSays("think long"), option.WithResponseInto(&resp))
	var said string
	for said != "half an answer " && stream.Next() {
		if ch := stream.Current(); len(ch.Choices) > 0 {
			said += ch.Choices[0].Delta.Content
		}
	}
	if said != "half an answer " {
		t.Fatalf("the turn never streamed its text: %q %v", said, stream.Err())
	}
	id := resp.Header.Get(SessionHeader)
	h.stop() // what SIGINT and SIGTERM do
	select {
	case err := <-h.done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
		h.done <- nil // for the harness's cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop while a turn ran")
	}
	for stream.Next() {
	}
	tr, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Messages[len(tr.Messages)-1]
	if last.Role != session.RoleAssistant || last.State != session.StateStopped || last.Text != "half an answer " {
		t.Fatalf("the stopped turn must be saved as stopped with its text: %+v", last)
	}
}

// The prompt is stored while the model is called; a turn whose session
// cannot be stored ends with an error before any of its tools runs.
func TestUnsavableTurnRunsNoTool(t *testing.T) {
	prov := newProvider(t, callTool("c1", "write_file", `{"path":"marker.txt","content":"ran"}`), say("done"))
	h := startServer(t, prov)
	h.store.Close()
	c := h.client()
	_, err := c.Chat.Completions.New(context.Background(), userSays("write the marker"))
	var apiErr *openai.Error
	if !asAPIError(err, &apiErr) || apiErr.StatusCode != http.StatusInternalServerError || apiErr.Code != "session_not_saved" {
		t.Fatalf("want 500 session_not_saved, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(h.ws, "marker.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the tool ran although the turn could not be saved: %v", err)
	}
}
