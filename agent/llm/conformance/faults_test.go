package conformance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/anthropic"
	"github.com/hearth-agent/hearth/agent/llm/openai"
)

// limitedClient is client with the stream limits set.
func limitedClient(wire, url string, noContent time.Duration, maxResponse int64) llm.Client {
	if wire == "anthropic" {
		return anthropic.New(anthropic.Config{BaseURL: url + "/v1", APIKey: "sk-test",
			IdleTimeout: 10 * time.Second, NoContentTimeout: noContent, MaxResponseBytes: maxResponse})
	}
	return openai.New(openai.Config{BaseURL: url + "/v1", APIKey: "sk-test",
		IdleTimeout: 10 * time.Second, NoContentTimeout: noContent, MaxResponseBytes: maxResponse})
}

// Each wire's keep-alives (a comment, an empty event and its own empty
// chunk or ping), and one piece of content.
var (
	keepAlive = map[string]string{
		"openai":    ": OPENROUTER PROCESSING\n\ndata:\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{}}]}\n\n",
		"anthropic": ": keep-alive\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n",
	}
	content = map[string]func(text string) string{
		"openai": func(text string) string {
			return fmt.Sprintf("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":%q}}]}\n\n", text)
		},
		"anthropic": func(text string) string {
			return fmt.Sprintf("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":%q}}\n\n", text)
		},
	}
	finish = map[string]string{
		"openai":    "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
		"anthropic": "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
	}
)

// sseServer streams what write produces until it returns false or the
// client goes away.
func sseServer(t *testing.T, write func(w io.Writer, i int) bool) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for i := 0; r.Context().Err() == nil && write(w, i); i++ {
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestKeepAlivesAloneTimeOut: a provider that only sends keep-alives ends
// the response with a typed timeout, while one that keeps sending content
// for longer than the timeout is never cut.
func TestKeepAlivesAloneTimeOut(t *testing.T) {
	const noContent = 300 * time.Millisecond
	for _, wire := range []string{"openai", "anthropic"} {
		t.Run(wire+"/keep-alives", func(t *testing.T) {
			srv := sseServer(t, func(w io.Writer, i int) bool {
				io.WriteString(w, keepAlive[wire])
				time.Sleep(20 * time.Millisecond) // the fake provider's keep-alive pace
				return true
			})
			start := time.Now()
			_, err := limitedClient(wire, srv.URL, noContent, 0).Stream(context.Background(), history(), func(llm.Delta) {})
			var le *llm.Error
			if !errors.As(err, &le) || le.Class != llm.ClassTimeout || !errors.Is(err, llm.ErrNoContent) {
				t.Fatalf("err = %v, want a ClassTimeout *llm.Error wrapping ErrNoContent", err)
			}
			if !strings.Contains(err.Error(), "no content for 300ms") {
				t.Errorf("message %q does not say what happened", err)
			}
			if d := time.Since(start); d < noContent || d > 5*time.Second {
				t.Errorf("ended after %v, want about %v", d, noContent)
			}
		})
		t.Run(wire+"/slow content", func(t *testing.T) {
			srv := sseServer(t, func(w io.Writer, i int) bool {
				if i == 8 {
					io.WriteString(w, finish[wire])
					return false
				}
				io.WriteString(w, keepAlive[wire]+content[wire]("x"))
				time.Sleep(noContent / 3) // a slow provider whose content still arrives in time
				return true
			})
			resp, err := limitedClient(wire, srv.URL, noContent, 0).Stream(context.Background(), history(), func(llm.Delta) {})
			if err != nil || resp.Message.Text != strings.Repeat("x", 8) {
				t.Fatalf("text %q, err %v; content arriving in time must not be cut", resp.Message.Text, err)
			}
		})
	}
}

// TestFloodIsCutEarly: a response far over the size cap ends with a typed
// error after reading little more than the cap, whether it comes as many
// chunks, one endless line or one endless event.
func TestFloodIsCutEarly(t *testing.T) {
	const (
		maxResponse = 1 << 20
		flood       = 400 << 20 // what the server would send if let
		piece       = 32 << 10
	)
	text := strings.Repeat("a", piece)
	floods := map[string]func(wire string) func(w io.Writer, i int) (int, bool){
		"chunks": func(wire string) func(w io.Writer, i int) (int, bool) {
			return func(w io.Writer, i int) (int, bool) {
				n, _ := io.WriteString(w, content[wire](text))
				return n, true
			}
		},
		"one line": func(string) func(w io.Writer, i int) (int, bool) {
			return func(w io.Writer, i int) (int, bool) {
				if i == 0 {
					io.WriteString(w, "data: ")
				}
				n, _ := io.WriteString(w, text)
				return n, true
			}
		},
		"one event": func(string) func(w io.Writer, i int) (int, bool) {
			return func(w io.Writer, i int) (int, bool) {
				n, _ := io.WriteString(w, "data: "+text+"\n")
				return n, true
			}
		},
	}
	for _, wire := range []string{"openai", "anthropic"} {
		for name, mk := range floods {
			t.Run(wire+"/"+name, func(t *testing.T) {
				var served atomic.Int64
				write := mk(wire)
				srv := sseServer(t, func(w io.Writer, i int) bool {
					n, _ := write(w, i)
					return served.Add(int64(n)) < flood
				})
				resp, err := limitedClient(wire, srv.URL, 0, maxResponse).Stream(context.Background(), history(), func(llm.Delta) {})
				var le *llm.Error
				if !errors.As(err, &le) || le.Class != llm.ClassTooLarge || !errors.Is(err, llm.ErrTooLarge) {
					t.Fatalf("err = %v, want a ClassTooLarge *llm.Error wrapping ErrTooLarge", err)
				}
				if llm.Retryable(err) {
					t.Error("a response over the cap must not be fetched again")
				}
				if n := len(resp.Message.Text); n > maxResponse+piece {
					t.Errorf("kept %d bytes of text, cap %d", n, maxResponse)
				}
				// The decoder may hold a few caps (an event's JSON), and the
				// sockets a few megabytes in flight; never the flood.
				srv.CloseClientConnections()
				n := served.Load()
				if n > 16<<20 {
					t.Errorf("the server got to send %d MB before the read stopped", n>>20)
				}
				t.Logf("served %d KB of a %d MB flood", n>>10, flood>>20)
			})
		}
	}
}

// TestKeepAlivesThroughRetries: the retry policy gives a stalled provider a
// bounded number of tries, and the caller still gets the typed timeout.
func TestKeepAlivesThroughRetries(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "text/event-stream")
		for r.Context().Err() == nil {
			io.WriteString(w, keepAlive["openai"])
			w.(http.Flusher).Flush()
			time.Sleep(20 * time.Millisecond) // the fake provider's keep-alive pace
		}
	}))
	defer srv.Close()
	policy := llm.RetryPolicy{MaxRetries: 2, Base: time.Millisecond, Max: time.Millisecond}
	var retries []llm.Class
	_, err := llm.StreamWithRetry(context.Background(), limitedClient("openai", srv.URL, 200*time.Millisecond, 0), history(), policy,
		func(llm.Delta) {}, func(r llm.RetryInfo) { retries = append(retries, r.Class) })
	if !errors.Is(err, llm.ErrNoContent) || llm.ClassOf(err) != llm.ClassTimeout {
		t.Fatalf("err = %v, want the no-content timeout", err)
	}
	if n := requests.Load(); n != 3 || len(retries) != 2 {
		t.Fatalf("%d requests, retries %v; want 3 and 2", n, retries)
	}
}
