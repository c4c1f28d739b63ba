package loop

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestToolImagesReachTheNextRequest(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	replies := []string{
		`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"look","arguments":"{\"path\":\"a.png\"}"}}]},"finish_reason":"tool_calls"}]}`,
		`{"choices":[{"index":0,"delta":{"content":"A dot."},"finish_reason":"stop"}]}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, string(b))
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: "+replies[min(n, 1)]+"\n\ndata: [DONE]\n\n")
	}))
	t.Cleanup(srv.Close)
	for _, vision := range []string{"openai", ""} {
		mu.Lock()
		bodies = nil
		mu.Unlock()
		var saw []bool
		look := &fnTool{name: "look", readOnly: true, run: func(ctx context.Context, _ json.RawMessage) (string, error) {
			_, sees := tool.VisionOf(ctx)
			saw = append(saw, sees)
			if sees && !tool.AttachMedia(ctx, llm.Part{Kind: llm.PartImage, MediaType: "image/png", Data: []byte("PNGDATA")}) {
				t.Error("no place for media")
			}
			return "a.png: PNG image, 1×1 px", nil
		}}
		a := newAgent(t, Config{Client: openai.New(openai.Config{BaseURL: srv.URL + "/v1"}), Tools: []tool.Tool{look}, Vision: vision})
		res := a.Run(context.Background(), nil, "what is in a.png?", func(Event) {})
		if res.Err != nil || res.Text != "A dot." {
			t.Fatalf("%q: result %+v", vision, res)
		}
		if len(saw) != 1 || saw[0] != (vision != "") {
			t.Errorf("%q: the tool saw vision %v", vision, saw)
		}
		mu.Lock()
		second := bodies[1]
		mu.Unlock()
		hasImage := strings.Contains(second, `"image_url":{"url":"data:image/png;base64,UE5HREFUQQ=="}`) &&
			strings.Contains(second, "Output of tool look (call c1)")
		if hasImage != (vision != "") {
			t.Errorf("%q: image in the follow-up request = %v: %s", vision, hasImage, second)
		}
	}
}

func TestRefusedToolImageIsDroppedAndTheCallRetried(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	replies := []string{
		"data: " + `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"look","arguments":"{\"path\":\"a.png\"}"}}]},"finish_reason":"tool_calls"}]}` + "\n\ndata: [DONE]\n\n",
		"400",
		"data: " + `{"choices":[{"index":0,"delta":{"content":"I cannot see it."},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, string(b))
		mu.Unlock()
		if replies[n] == "400" {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"message":"Invalid content type. image_url is only supported by certain models."}}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, replies[n])
	}))
	t.Cleanup(srv.Close)
	look := &fnTool{name: "look", readOnly: true, run: func(ctx context.Context, _ json.RawMessage) (string, error) {
		tool.AttachMedia(ctx, llm.Part{Kind: llm.PartImage, MediaType: "image/png", Data: []byte("PNGDATA")})
		return "a.png: PNG image", nil
	}}
	a := newAgent(t, Config{Client: openai.New(openai.Config{BaseURL: srv.URL + "/v1"}), Tools: []tool.Tool{look}, Vision: "openai"})
	res := a.Run(context.Background(), nil, "what is in a.png?", func(Event) {})
	if res.Err != nil || res.Text != "I cannot see it." {
		t.Fatalf("result %+v", res)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bodies) != 3 || strings.Contains(bodies[2], "image_url") || !strings.Contains(bodies[2], "this model can't see images") {
		t.Errorf("%d requests; the retry: %s", len(bodies), bodies[len(bodies)-1])
	}
	if a.vision() != "" {
		t.Error("the agent still sends images")
	}
}

func TestCompactionDropsOldImagesFirstAndSaysSo(t *testing.T) {
	s := newScript(t, reply{text: "ok"})
	img := llm.Part{Kind: llm.PartImage, MediaType: "image/png", Name: "old.png", Data: []byte("PNG")}
	history := []llm.Message{
		{Role: llm.RoleUser, Text: "look at these", Parts: []llm.Part{img, img, img}},
		{Role: llm.RoleAssistant, Text: "Three dots."},
	}
	a := newAgent(t, Config{Client: s.client(), Window: 6000})
	var rec recorder
	res := a.Run(context.Background(), history, "and now?", rec.emit)
	if res.Err != nil || res.Text != "ok" {
		t.Fatalf("result %+v", res)
	}
	comp := eventsOf[Compacted](&rec)
	if len(comp) != 1 || comp[0].Kind != "images" || comp[0].After >= comp[0].Before {
		t.Fatalf("compaction events %+v", comp)
	}
	first := res.Messages[0]
	if len(first.Parts) != 0 || !strings.Contains(first.Text, "removed to save context: 3 attached image(s)/document(s): [old.png old.png old.png]") {
		t.Errorf("old prompt %+v", first)
	}
	if history[0].Parts == nil {
		t.Error("the caller's history was changed")
	}
	if reqs := s.requests(); len(reqs) != 1 || strings.Contains(reqs[0].Messages[0].Content, "image_url") {
		t.Errorf("requests %+v", reqs)
	}
}
