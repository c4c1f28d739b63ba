package assembly

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

func TestVisionAsksTheServerOnceForAModelItsNameDoesNotTell(t *testing.T) {
	var asked atomic.Int32
	ollama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/show" {
			http.NotFound(w, r)
			return
		}
		asked.Add(1)
		w.Write([]byte(`{"capabilities":["completion","vision"]}`))
	}))
	defer ollama.Close()
	c := NewCache()
	ctx := context.Background()
	for range 2 {
		if sees, known := c.Vision(ctx, "ollama", ollama.URL+"/v1", "my-finetune:7b"); !sees || !known {
			t.Fatalf("Vision = %v, %v; the server says it sees", sees, known)
		}
	}
	if asked.Load() != 1 {
		t.Errorf("the server was asked %d times, want once (cached)", asked.Load())
	}
	if sees, known := c.Vision(ctx, "openai", "https://unused.invalid/v1", "gpt-4o"); !sees || !known {
		t.Errorf("a vision model known by name: %v, %v", sees, known)
	}
	if sees, known := c.Vision(ctx, "anthropic", "https://unused.invalid/v1", "some-future-model"); sees || known {
		t.Errorf("a cloud model not in the name list is not asked: %v, %v", sees, known)
	}
	silent := httptest.NewServer(http.NotFoundHandler())
	defer silent.Close()
	if sees, known := c.Vision(ctx, "lmstudio", silent.URL+"/v1", "whatever"); sees || known {
		t.Errorf("a server that cannot say: %v, %v", sees, known)
	}
}
