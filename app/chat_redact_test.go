package app

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// pacedProvider streams one scripted SSE reply with a pause after each
// chunk longer than the chat stream's coalescing, so each delta reaches
// the UI on its own as a slow model's would.
func pacedProvider(t *testing.T, reply string, gap time.Duration) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, line := range strings.Split(reply, "\n") {
			fmt.Fprintf(w, "data: %s\n\n", line)
			w.(http.Flusher).Flush()
			time.Sleep(gap) // a slow model's pace, so each delta reaches the UI on its own
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

// Generated for the tests; none is a live key.
const (
	chatSplitKey    = "sk-proj-Rt5yUi7oPa9sDf1gHj3kLz5xCv7bNm9qWe1rTy3uIo5pAs7dFg9hJk1lZx3cVb5nM7qW9eR1tY3uI5o"
	chatSplitBearer = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMTIyMzM0NDU1In0.c2lnbmF0dXJlQnl0ZXNIZXJlOTg3NjU0MzIx"
)

// splitDeltas streams reasoning then text as many small deltas.
func splitDeltas(rng *rand.Rand, reasoning, text string) string {
	var lines []string
	add := func(field, s string) {
		for len(s) > 0 {
			n := min(len(s), 1+rng.Intn(8))
			b, _ := json.Marshal(s[:n])
			lines = append(lines, `{"choices":[{"index":0,"delta":{"`+field+`":`+string(b)+`}}]}`)
			s = s[n:]
		}
	}
	add("reasoning_content", reasoning)
	add("content", text)
	lines = append(lines, `{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":5}}`, "[DONE]")
	return strings.Join(lines, "\n")
}

func noPiece(t *testing.T, where, out string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for i := 0; i+10 <= len(s); i++ {
			if strings.Contains(out, s[i:i+10]) {
				t.Fatalf("%s holds %q, a piece of a secret", where, s[i:i+10])
			}
		}
	}
}

func TestChatNeverEmitsAKeySplitOverDeltas(t *testing.T) {
	gwKey := "gw-chat-split-" + time.Now().Format("150405.000000") // the custom endpoint's own key
	text := "Keys: " + chatSplitKey + ", " + gwKey + "\nheader: Authorization: Bearer " + chatSplitBearer + "\nbye"
	reasoning := "The user wants " + chatSplitKey + " and " + gwKey
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	a, rec, _ := chatApp(t, &scriptedProvider{}, "ask")
	url := pacedProvider(t, splitDeltas(rng, reasoning, text), 2*conversation.TextFlushInterval)
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Custom[0].BaseURL = url
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Settings.SetKey("custom:script", gwKey); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "repeat the keys"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	rec.mu.Lock()
	all, _ := json.Marshal(rec.events)
	var gotText, gotReasoning strings.Builder
	for _, e := range rec.events {
		switch e["type"] {
		case "text":
			gotText.WriteString(e["text"].(string))
		case "reasoning":
			gotReasoning.WriteString(e["text"].(string))
		}
	}
	rec.mu.Unlock()
	noPiece(t, "the chat events", string(all), chatSplitKey, chatSplitBearer, gwKey)
	red := redact.New(gwKey)
	if gotText.String() != red.String(text) || gotReasoning.String() != red.String(reasoning) {
		t.Fatalf("text %q\nreasoning %q", gotText.String(), gotReasoning.String())
	}

	// The recorded conversation (deltas stored as they came), its export
	// and the database file hold none of it either.
	ctx := context.Background()
	list, err := a.deps.Sessions.List(ctx, session.ListOptions{})
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions %v, %v", list, err)
	}
	for _, f := range []string{"md", "json"} {
		out, err := a.h.Sessions.ExportSession(list[0].ID, f, "")
		if err != nil {
			t.Fatal(err)
		}
		noPiece(t, "the "+f+" export", out, chatSplitKey, chatSplitBearer, gwKey)
	}
	tr, err := a.deps.Sessions.Load(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Messages[1:] {
		noPiece(t, "the stored step", m.Text+m.Reasoning, chatSplitKey, chatSplitBearer, gwKey)
	}
	db, _ := os.ReadFile(a.deps.Sessions.Path())
	wal, _ := os.ReadFile(a.deps.Sessions.Path() + "-wal")
	noPiece(t, "the database file", string(db)+string(wal), chatSplitKey, chatSplitBearer, gwKey)
}
