package serve

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// firstToken streams one request and returns how long its first content
// chunk took.
func firstToken(tb testing.TB, c openai.Client, model string) time.Duration {
	start := time.Now()
	stream := c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hello")}})
	defer stream.Close()
	var first time.Duration
	for stream.Next() {
		if ch := stream.Current(); first == 0 && len(ch.Choices) > 0 && ch.Choices[0].Delta.Content != "" {
			first = time.Since(start)
		}
	}
	if err := stream.Err(); err != nil || first == 0 {
		tb.Fatalf("stream: %v (first token %s)", err, first)
	}
	return first
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func endless(provRequest) provReply {
	return provReply{text: "Hello from the scripted model, word by word."}
}

// BenchmarkAddedFirstTokenLatency compares the time to first token of the
// same official client calling the scripted provider directly and through
// hearth serve (which builds the agent, stores the session and relays). One
// iteration is one direct request and one through hearth serve, each
// streamed to its end. Beside the percentiles it reports the process's CPU
// time per iteration (both requests, the scripted provider and the client
// included) and allocations, which a loaded machine does not distort.
func BenchmarkAddedFirstTokenLatency(b *testing.B) {
	steps := make([]func(provRequest) provReply, 0, 2*b.N+2)
	for range 2*b.N + 2 {
		steps = append(steps, endless)
	}
	prov := newProvider(b, steps...)
	h := startServer(b, prov, func(c *setup) { c.Approve = "never" })
	direct := openai.NewClient(option.WithBaseURL(prov.srv.URL+"/v1"), option.WithAPIKey("x"), option.WithMaxRetries(0))
	viaHearth := h.client()
	// One of each first: connections and caches are set up once per
	// server, not per request.
	firstToken(b, direct, "m")
	firstToken(b, viaHearth, "hearth")
	d, s := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for range b.N {
		d = append(d, firstToken(b, direct, "m"))
		s = append(s, firstToken(b, viaHearth, "hearth"))
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	for _, p := range []struct {
		name string
		q    float64
	}{{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}} {
		b.ReportMetric(float64(percentile(d, p.q).Microseconds()), "direct-"+p.name+"-µs")
		b.ReportMetric(float64(percentile(s, p.q).Microseconds()), "serve-"+p.name+"-µs")
		b.ReportMetric(float64((percentile(s, p.q) - percentile(d, p.q)).Microseconds()), "added-"+p.name+"-µs")
	}
}

// BenchmarkConcurrentStreams runs 50 streaming clients at once, each
// request a whole turn; it reports their first-token percentiles.
func BenchmarkConcurrentStreams(b *testing.B) {
	const clients = 50
	steps := make([]func(provRequest) provReply, 0, clients*(b.N+1))
	for range clients * (b.N + 1) {
		steps = append(steps, endless)
	}
	h := startServer(b, newProvider(b, steps...), func(c *setup) { c.MaxConcurrent, c.Approve = clients, "never" })
	c := h.client()
	var mu sync.Mutex
	var firsts []time.Duration
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		for range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := firstToken(b, c, "hearth")
				mu.Lock()
				firsts = append(firsts, d)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	b.ReportMetric(float64(percentile(firsts, 0.5).Microseconds()), "first-p50-µs")
	b.ReportMetric(float64(percentile(firsts, 0.99).Microseconds()), "first-p99-µs")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/50-turns")
}
