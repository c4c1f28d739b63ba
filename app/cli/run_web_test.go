package cli

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// page is a local site whose one page is HTML, counting its requests.
func page(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><head><title>Release notes</title></head><body><h1>Release notes</h1>
<h2>Fixed</h2><p>The <a href="/lamp">lamp</a> no longer flickers.</p><pre><code>hearth run --web-allow-local</code></pre></body></html>`)
	}))
	t.Cleanup(s.Close)
	return s, &hits
}

func TestRunWebFetch(t *testing.T) {
	site, hits := page(t)
	args := `{"url":"` + site.URL + `/notes"}`
	run := func(flags ...string) (map[string]any, int) {
		t.Helper()
		hits.Store(0)
		s := newLLMServer(t, toolReply("call_1", "web_fetch", args), textReply("Read it."))
		code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
			append(append([]string{"--workspace", t.TempDir(), "--provider", "openai", "--model", "gpt-4o",
				"--base-url", s.srv.URL + "/v1", "--approve", "all", "--json"}, flags...), "Read the release notes")...)
		if code != 0 {
			t.Fatalf("exit %d, stderr %s", code, errOut)
		}
		for _, e := range jsonLines(t, out) {
			if e["type"] == "tool_result" {
				return e, int(hits.Load())
			}
		}
		t.Fatalf("no tool_result in %s", out)
		return nil, 0
	}

	res, n := run("--web-allow-local")
	out, _ := res["output"].(string)
	for _, want := range []string{"# Release notes", "## Fixed", "[lamp](" + site.URL + "/lamp)", "```\nhearth run --web-allow-local\n```"} {
		if !strings.Contains(out, want) {
			t.Errorf("the result lacks %q:\n%s", want, out)
		}
	}
	if res["status"] != "succeeded" || n != 1 {
		t.Errorf("status %v, %d requests", res["status"], n)
	}

	res, n = run()
	out, _ = res["output"].(string)
	if res["status"] != "failed" || !strings.Contains(out, "refused: 127.0.0.1 is a loopback address") || !strings.Contains(out, "--web-allow-local") {
		t.Errorf("without --web-allow-local: status %v, output %q", res["status"], out)
	}
	if n != 0 {
		t.Errorf("the page's server saw %d requests without --web-allow-local", n)
	}
}
