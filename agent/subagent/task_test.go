package subagent

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/loop"
)

const answer = "data: {\"choices\":[{\"delta\":{\"content\":\"found it\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"

// provider is an OpenAI-wire server on 127.0.0.1 that holds each request
// until release is closed, counting how many it holds at once.
type provider struct {
	mu              sync.Mutex
	active, maxSeen int
	models          []string
	arrived         chan struct{}
	release         chan struct{}
}

func newProvider(t *testing.T) (*provider, *httptest.Server) {
	p := &provider{arrived: make(chan struct{}, 16), release: make(chan struct{})}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Model string `json:"model"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		p.mu.Lock()
		p.active++
		p.maxSeen = max(p.maxSeen, p.active)
		p.models = append(p.models, body.Model)
		p.mu.Unlock()
		p.arrived <- struct{}{}
		select {
		case <-p.release:
		case <-r.Context().Done():
		}
		p.mu.Lock()
		p.active--
		p.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return p, srv
}

func task(t *testing.T, srv *httptest.Server, fast string) *Task {
	t.Helper()
	defs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	client := openai.New(openai.Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client()})
	return NewTask(Config{Base: loop.Config{Client: client, Model: "main-model", MaxIterations: 3},
		FastModel: fast, Agents: defs, Workspace: t.TempDir()})
}

func args(agent string, n int) json.RawMessage {
	b, _ := json.Marshal(Params{Agent: agent, Description: "look around", Prompt: fmt.Sprintf("task %d", n)})
	return b
}

func TestAtMostThreeSubagentsRunAtOnce(t *testing.T) {
	p, srv := newProvider(t)
	tk := task(t, srv, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const calls = 5
	var wg sync.WaitGroup
	errs := make(chan error, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := tk.Run(ctx, args("general", i))
			errs <- err
		}()
	}
	for range DefaultParallel {
		select {
		case <-p.arrived:
		case <-ctx.Done():
			t.Fatal("the first subagents never reached the provider")
		}
	}
	// A fourth request must not arrive while three are held.
	select {
	case <-p.arrived:
		t.Fatalf("a fourth subagent ran while %d were running", DefaultParallel)
	case <-time.After(300 * time.Millisecond):
	}
	close(p.release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.maxSeen != DefaultParallel || len(p.models) != calls {
		t.Fatalf("held at most %d of %d requests, want %d at once and all %d run", p.maxSeen, len(p.models), DefaultParallel, calls)
	}
}

func TestExploreRunsOnTheFastModel(t *testing.T) {
	tests := []struct {
		agent, fast, want string
	}{
		{"explore", "small-model", "small-model"},
		{"explore", "", "main-model"},
		{"general", "small-model", "main-model"},
	}
	for _, tt := range tests {
		t.Run(tt.agent+"/"+tt.fast, func(t *testing.T) {
			p, srv := newProvider(t)
			close(p.release)
			out, err := task(t, srv, tt.fast).Run(context.Background(), args(tt.agent, 1))
			if err != nil || out != "found it" {
				t.Fatalf("task = %q, %v", out, err)
			}
			if len(p.models) != 1 || p.models[0] != tt.want {
				t.Fatalf("provider was asked for %v, want %s", p.models, tt.want)
			}
		})
	}
}
