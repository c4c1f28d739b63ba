package serve

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestQuietStreamGetsKeepAliveComments(t *testing.T) {
	prov := newProvider(t, callTool("s1", "shell", `{"command":"sleep 1"}`), say("done waiting"))
	h := startServer(t, prov, func(c *setup) { c.KeepAlive = 100 * time.Millisecond })
	req, _ := http.NewRequest(http.MethodPost, h.url+"/v1/chat/completions",
		strings.NewReader(`{"model":"hearth","stream":true,"messages":[{"role":"user","content":"wait"}]}`))
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	body := string(b)
	if n := strings.Count(body, ": keep-alive\n\n"); n < 3 {
		t.Fatalf("a second of tool run must carry keep-alive comments, got %d in %s", n, body)
	}
	if !strings.Contains(body, `"content":"done `) || !strings.HasSuffix(body, "data: [DONE]\n\n") {
		t.Fatalf("the answer must follow and end the stream: %s", body)
	}
}
