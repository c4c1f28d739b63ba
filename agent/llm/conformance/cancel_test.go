package conformance

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
)

// TestCancelMidStream: Stop ends the HTTP stream at once on both wires,
// keeps the partial text and reports the canceled class.
func TestCancelMidStream(t *testing.T) {
	first := map[string]string{
		"openai":    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Partial\"}}]}\n\n",
		"anthropic": "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"Partial\"}}\n\n",
	}
	for wire, chunk := range first {
		t.Run(wire, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				io.WriteString(w, chunk)
				w.(http.Flusher).Flush()
				<-r.Context().Done()
			}))
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			var at time.Time
			resp, err := client(wire, srv.URL).Stream(ctx, history(), func(d llm.Delta) {
				at = time.Now()
				cancel()
			})
			if d := time.Since(at); d > 200*time.Millisecond {
				t.Errorf("cancel took %v", d)
			}
			if llm.ClassOf(err) != llm.ClassCanceled || resp.Message.Text != "Partial" {
				t.Fatalf("err %v, text %q", err, resp.Message.Text)
			}
		})
	}
}
