package title

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Fix the flaky login test", "Fix the flaky login test"},
		{"\"Fix the flaky login test.\"", "Fix the flaky login test"},
		{"Title: **Refactor the parser**", "Refactor the parser"},
		{"\n\n  Add dark mode  \nsecond line", "Add dark mode"},
		{"", ""},
		{strings.Repeat("word ", 30), strings.TrimSpace(strings.Repeat("word ", 12))[:59] + "…"},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// scripted is a fake model: nothing real can answer here without a paid
// key; the wire adapters are tested against real streams elsewhere.
type scripted struct {
	reply string
	err   error
	got   *llm.Request
}

func (s *scripted) Stream(_ context.Context, req *llm.Request, _ func(llm.Delta)) (*llm.Response, error) {
	s.got = req
	if s.err != nil {
		return nil, s.err
	}
	return &llm.Response{Message: llm.Message{Role: llm.RoleAssistant, Text: s.reply}}, nil
}

func TestGenerate(t *testing.T) {
	m := &scripted{reply: "\"Speed up the build.\""}
	got, err := Generate(context.Background(), m, "small-model", "my build is slow", strings.Repeat("x", 5000))
	if err != nil || got != "Speed up the build" {
		t.Fatalf("Generate = %q, %v", got, err)
	}
	if m.got.Model != "small-model" || m.got.MaxTokens == 0 || len(m.got.Messages[0].Text) > 2200 || !strings.Contains(m.got.System, "title") {
		t.Errorf("request = %+v", m.got)
	}
	if _, err := Generate(context.Background(), &scripted{reply: "  \n"}, "m", "p", "a"); err == nil {
		t.Error("an empty reply became a title")
	}
	boom := errors.New("rate limited")
	if _, err := Generate(context.Background(), &scripted{err: boom}, "m", "p", "a"); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
}
