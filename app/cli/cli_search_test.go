package cli

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestSearchCommandJSON(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{
		"pkg/errors.go": "package pkg\n\nvar errMissing = \"no such container\"\n",
		"README.md":     "Nothing to see.\n",
	})
	code, out, errs := runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), "--json", `"no such container"`)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The exact shape: total, took_ms, hits[path, line, score, snippet].
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	if !sameKeySet(keys, []string{"total", "took_ms", "hits"}) {
		t.Errorf("keys %v", keys)
	}
	var hits []map[string]any
	_ = json.Unmarshal(raw["hits"], &hits)
	if len(hits) != 1 {
		t.Fatalf("hits %s", raw["hits"])
	}
	h := hits[0]
	var hk []string
	for k := range h {
		hk = append(hk, k)
	}
	if !sameKeySet(hk, []string{"path", "line", "score", "snippet"}) {
		t.Errorf("hit keys %v", hk)
	}
	if h["path"] != "pkg/errors.go" || h["line"] != 3.0 || h["snippet"] != `var errMissing = "no such container"` {
		t.Errorf("hit %v", h)
	}
	// A word being typed is answered as a prefix, and the output says so.
	code, out, errs = runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), "--json", "errMiss")
	var prefixed searchOutput
	if err := json.Unmarshal([]byte(out), &prefixed); code != ExitOK || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, errs)
	}
	if prefixed.AsPrefix != "errMiss*" || prefixed.Total != 1 || len(prefixed.Hits) != 1 || prefixed.Hits[0].Path != "pkg/errors.go" {
		t.Errorf("errMiss = %+v, want pkg/errors.go as errMiss*", prefixed)
	}
}

func TestSearchCommandText(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{"a.txt": "alpha beta\n", "b.txt": "beta\n"})
	tests := []struct {
		query, summary string
		lines          int
	}{
		{"beta", "\n2 files matched in ", 1}, // --limit 1: one line, both counted
		{"alpha", "\n1 file matched in ", 1},
		{"gamma", "0 files matched in ", 0},
		{"alph", "\nno file matched \"alph\"; for \"alph*\" 1 file matched in ", 1}, // a word being typed
		{"gamm", "0 files matched in ", 0},
		// a sentence found nowhere whole ranks the files with any of its words
		{"alpha gamma", "\nno exact match for \"alpha gamma\"; for any of its words (alpha OR gamma) 1 file matched in ", 1},
		// a question is ranked by the words that carry meaning, each hit saying which it holds
		{"where is alpha gamma", "\n  matched: alpha\nranked by the words that carry meaning (alpha): 1 file matched in ", 1},
	}
	for _, tt := range tests {
		code, out, _ := runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), "--limit", "1", tt.query)
		if code != ExitOK || !strings.Contains(out, tt.summary) || strings.Count(out, ".txt:1:") != tt.lines {
			t.Errorf("%s: exit %d:\n%s", tt.query, code, out)
		}
	}
}

// A question's hits say why they are listed: in the text, a line under
// each; in --json, a "matched" list beside the contract's fields.
func TestSearchCommandSaysWhyAQuestionMatched(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{
		"permission/gate.go": "package permission\n\n// Gate decides whether a command runs or asks first.\n" +
			"func (g *Gate) AskCommand(line string) bool { return g.ask(line) }\n",
		"notes.md": "The agent runs the command.\n",
	})
	q := "How does the agent decide to ask before running a command?"
	code, out, errs := runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), q)
	if code != ExitOK || !strings.HasPrefix(out, "permission/gate.go:4: func (g *Gate) AskCommand(") ||
		!strings.Contains(out, "\n  matched: decide, ask, running, command (definition: AskCommand)\n") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
	code, out, errs = runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), "--json", q)
	var got struct {
		searchOutput
		Hits []map[string]json.RawMessage `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &got); code != ExitOK || err != nil || len(got.Hits) == 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	var keys []string
	for k := range got.Hits[0] {
		keys = append(keys, k)
	}
	if !sameKeySet(keys, []string{"path", "line", "score", "snippet", "matched"}) || got.Question == "" {
		t.Errorf("hit keys %v, question %q", keys, got.Question)
	}
	var matched []searchMatch
	_ = json.Unmarshal(got.Hits[0]["matched"], &matched)
	if len(matched) < 2 || matched[1] != (searchMatch{Word: "ask", Definition: "AskCommand"}) {
		t.Errorf("matched %s", got.Hits[0]["matched"])
	}
}

func TestSearchCommandErrors(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{"a.txt": "x"})
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"search", "--workspace", ws}, ExitUsage},
		{[]string{"search", "--workspace", ws, "--limit", "0", "x"}, ExitUsage},
		{[]string{"search", "--workspace", ws, "--cache", t.TempDir(), "/[/"}, ExitUsage},
		{[]string{"search", "--workspace", ws + "/missing", "x"}, ExitFailure},
		{[]string{"search", "--help"}, ExitOK},
	}
	for _, tt := range tests {
		if code, _, _ := runKnowledgeCLI(t, tt.args...); code != tt.code {
			t.Errorf("%v: exit %d, want %d", tt.args, code, tt.code)
		}
	}
}

func sameKeySet(a, b []string) bool {
	m := map[string]bool{}
	for _, s := range a {
		m[s] = true
	}
	n := map[string]bool{}
	for _, s := range b {
		n[s] = true
	}
	return reflect.DeepEqual(m, n)
}
