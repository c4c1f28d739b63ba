package knowledge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sentenceCorpus is a small workspace whose few subject files are hidden
// among distractors full of the words a question about them is built of
// ("the", "agent", "running", "command").
func sentenceCorpus() map[string]string {
	files := map[string]string{
		"agent/permission/gate.go": `package permission

// Gate decides whether the agent may run a tool call: saved rules first,
// then the approval mode, then it asks the person.
type Gate struct{ rules []Rule }

// Ask waits for the person's answer to an approval request.
func (g *Gate) Ask(req Request) Decision { return g.approver.Decide(req) }

// CheckCommand judges a shell command line and asks when a rule says so.
func (g *Gate) CheckCommand(line string) Decision {
	if g.rules.Says(line) == Allow {
		return Allowed
	}
	return g.Ask(Request{Command: line})
}
`,
		"net/retry.go": `package net

// retryDelay doubles the backoff delay after each failed attempt.
func retryDelay(attempt int) time.Duration { return base << attempt }
`,
		"store/cache.go": `package store

// FlushCache writes the cache entries to disk when the agent stops.
func FlushCache(dir string) error { return writeEntries(dir) }
`,
		"config/config.go": `package config

// parseConfig reads the settings file at startup.
func parseConfig(path string) (Settings, error) { return decode(path) }
`,
	}
	topics := []string{"logging", "metrics", "server", "client", "session", "history", "render", "theme",
		"keys", "provider", "models", "tokens", "stream", "events", "undo", "export", "import", "search",
		"titles", "sandbox"}
	for i, topic := range topics {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\n", topic)
		for j := 0; j < 6+i%4; j++ {
			fmt.Fprintf(&b, "// The agent is running the %s command; the command the agent is running\n", topic)
			fmt.Fprintf(&b, "// is the one the agent runs for the %s of the running session.\n", topic)
			fmt.Fprintf(&b, "func %sStep%d(agent *Agent, command string) { agent.Run(command) }\n\n", topic, j)
		}
		files["agent/"+topic+"/"+topic+".go"] = b.String()
	}
	files["docs/running.md"] = strings.Repeat("Running the agent: the agent runs each command you give it.\n", 12)
	return files
}

// A question is ranked by the words that carry meaning: the file about
// its rare words comes first, defining files before those that mention
// them, and each hit says which words it matched, and through which name.
func TestQuestionsRankByMeaningfulWords(t *testing.T) {
	x := openFiles(t, sentenceCorpus())
	ctx := context.Background()
	tests := []struct {
		q        string
		want     string // in the top 3
		matched  []string
		defines  string // a name the hit shows as the reason, "" for none
		question string // the words that ranked, weightiest first
	}{
		{"How does the agent decide to ask before running a command", "agent/permission/gate.go",
			[]string{"decide", "ask", "running", "command"}, "Ask", "decide ask"},
		{"how does the agent decide to ask before running a command?", "agent/permission/gate.go",
			[]string{"decide", "ask", "command"}, "CheckCommand", ""},
		{"where is the retry delay doubled?", "net/retry.go", []string{"retry", "delay"}, "retryDelay", ""},
		{"when does the agent write the cache to disk", "store/cache.go", []string{"cache", "disk"}, "FlushCache", ""},
		{"where is parseConfig called at startup", "config/config.go", []string{"parseConfig", "startup"}, "parseConfig", ""},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res, err := x.Search(ctx, tt.q, 10, Questions)
			if err != nil {
				t.Fatal(err)
			}
			at := slices.IndexFunc(res.Hits, func(h Hit) bool { return h.Path == tt.want })
			if at < 0 || at >= 3 {
				t.Fatalf("Search(%q) top = %v, want %s in the top 3", tt.q, topPaths(res.Hits, 5), tt.want)
			}
			h := res.Hits[at]
			var words, names []string
			for _, m := range h.Matched {
				words = append(words, m.Word)
				if m.Definition != "" {
					names = append(names, m.Definition)
				}
			}
			for _, w := range tt.matched {
				if !slices.Contains(words, w) {
					t.Errorf("hit %s matched %v, want %q among them", h.Path, h.Matched, w)
				}
			}
			for _, stop := range []string{"how", "does", "the", "to", "before", "is", "where", "when", "a"} {
				if slices.Contains(words, stop) {
					t.Errorf("hit %s matched the stop word %q: %v", h.Path, stop, h.Matched)
				}
			}
			if tt.defines != "" && (!slices.Contains(names, tt.defines) || !h.Defines) {
				t.Errorf("hit %s matched %v (defines %v), want the definition %s", h.Path, h.Matched, h.Defines, tt.defines)
			}
			if res.Question == "" || !strings.HasPrefix(res.Question, tt.question) {
				t.Errorf("Question = %q, want %q", res.Question, tt.question)
			}
		})
	}
}

// Identifiers, phrases, filters and short word lists are no questions:
// with Questions they are answered exactly as without it.
func TestQuestionsLeaveOtherQueriesAlone(t *testing.T) {
	x := openFiles(t, sentenceCorpus())
	ctx := context.Background()
	for _, q := range []string{"CheckCommand", "def:Ask", "agent command", `"the agent is running"`,
		"running command ext:go", "retryDelay OR FlushCache", "Gate.Ask", "pars*", "the agent command"} {
		plain, err := x.Search(ctx, q, 10)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		asked, err := x.Search(ctx, q, 10, Questions)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if asked.Question != "" || asked.Total != plain.Total || !slices.Equal(topPaths(asked.Hits, 10), topPaths(plain.Hits, 10)) {
			t.Errorf("Search(%q, Questions) = %d %v as %q, want %d %v as without it", q, asked.Total,
				topPaths(asked.Hits, 10), asked.Question, plain.Total, topPaths(plain.Hits, 10))
		}
		for _, h := range asked.Hits {
			if h.Matched != nil {
				t.Errorf("Search(%q) hit %s says it matched %v; only sentences say so", q, h.Path, h.Matched)
			}
		}
	}
}

// The any-word fallback ranks by meaning too, and says why each file is
// there.
func TestAnyWordSaysWhatMatched(t *testing.T) {
	x := openFiles(t, sentenceCorpus())
	res, err := x.Search(context.Background(), "retry delay cache", 10, AnyWord)
	if err != nil {
		t.Fatal(err)
	}
	if res.AnyWord != "retry OR delay OR cache" || len(res.Hits) < 2 || res.Hits[0].Path != "net/retry.go" {
		t.Fatalf("Search = %v as %q, want net/retry.go first as retry OR delay OR cache", topPaths(res.Hits, 5), res.AnyWord)
	}
	if got := res.Hits[0].Matched; len(got) != 2 || got[0].Word != "retry" || got[1].Word != "delay" || got[0].Definition != "retryDelay" {
		t.Errorf("first hit matched %+v, want retry and delay through retryDelay", got)
	}
}

func topPaths(hits []Hit, n int) []string {
	var out []string
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, h.Path)
	}
	return out
}
