package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/secrets"
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

// searchRun runs the CLI with a config dir, data dir and keychain for a run whose
// settings choose a web search provider.
func searchRun(t *testing.T, ring mapRing, settingsJSON string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cfg, data := t.TempDir(), t.TempDir()
	if settingsJSON != "" {
		if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(settingsJSON), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		case "OPENAI_API_KEY":
			return "sk-test-key-123456"
		}
		return ""
	}
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(ring, time.Second, getenv), Version: "test"}
	code := Run(t.Context(), env, args)
	return code, out.String(), errb.String()
}

// web_search through Brave's API (a stand-in on 127.0.0.1 named as its
// endpoint), with the key set by `hearth keys set web.search.brave`.
func TestRunWebSearchBrave(t *testing.T) {
	var token atomic.Value
	brave := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token.Store(r.Header.Get("X-Subscription-Token"))
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"web":{"results":[{"title":"Lamp <strong>oil</strong>","url":"https://oil.example/","description":"About %s."}]}}`, r.URL.Query().Get("q"))
	}))
	t.Cleanup(brave.Close)
	ring := mapRing{}
	if code, out, errOut := searchRun(t, ring, "", "brave-secret-key-0123456789\n", "keys", "set", "web.search.brave"); code != 0 || !strings.Contains(out, "saved web.search.brave") {
		t.Fatalf("keys set: exit %d, %s%s", code, out, errOut)
	}
	s := newLLMServer(t, toolReply("call_1", "web_search", `{"query":"lamp oil"}`), textReply("Found it."))
	settingsJSON := `{"version":1,"activeProvider":"openai","reasoningEffort":"medium","maxIterations":50,"approvalMode":"ask",` +
		`"web":{"search":{"provider":"brave","url":"` + brave.URL + `"}}}`
	code, out, errOut := searchRun(t, ring, settingsJSON, "", "run", "--workspace", t.TempDir(), "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--approve", "all", "--json", "Search for lamp oil")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var result map[string]any
	for _, e := range jsonLines(t, out) {
		if e["type"] == "tool_result" {
			result = e
		}
	}
	want := "1. Lamp oil\n   https://oil.example/\n   About lamp oil.\n"
	if result == nil || result["status"] != "succeeded" || result["output"] != want {
		t.Errorf("tool_result = %v, want output %q", result, want)
	}
	if token.Load() != "brave-secret-key-0123456789" {
		t.Errorf("the API got token %v", token.Load())
	}
	if strings.Contains(out, "brave-secret-key") || strings.Contains(errOut, "brave-secret-key") {
		t.Error("the key reached the output")
	}
}

// The done-when of the web issue: a fetch under --web-allow-local returns
// the page's Markdown, and the session's network log lists the model
// request ("model") and the fetch ("web") through the recorder.
func TestRunWebFetchIsInTheNetworkLog(t *testing.T) {
	guardEgress(t, nil)
	site, hits := page(t)
	h := newMCPHome(t)
	h.vars["OPENAI_API_KEY"] = "sk-test-key-123456"
	s := newLLMServer(t, toolReply("call_1", "web_fetch", `{"url":"`+site.URL+`/notes?key=PAGE-SECRET"}`), textReply("Read it."))
	code, out, errOut := h.run(t, "run", "--workspace", t.TempDir(), "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--web-allow-local", "--approve", "all", "--json", "Read the release notes")
	if code != 0 || !strings.Contains(out, "# Release notes") || hits.Load() != 1 {
		t.Fatalf("exit %d, %d page requests:\n%s\n%s", code, hits.Load(), out, errOut)
	}
	code, out, errOut = h.run(t, "sessions", "network", lastSessionID(t, h), "--json")
	if code != 0 {
		t.Fatalf("sessions network: exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	for _, r := range rows {
		switch {
		case r["purpose"] == "model" && r["path"] == "/v1/chat/completions" && r["status"] == 200.0:
			seen["model"] = true
		case r["purpose"] == "web" && r["path"] == "/notes" && r["method"] == "GET" && r["status"] == 200.0 &&
			r["host"] == strings.TrimPrefix(site.URL, "http://") && r["bytes_in"].(float64) > 0:
			seen["web"] = true
		}
	}
	if !seen["model"] || !seen["web"] || strings.Contains(out, "PAGE-SECRET") {
		t.Errorf("the log lacks the model request or the fetch, or holds the query:\n%s", out)
	}
}
