package mcp

import (
	"github.com/hearth-agent/hearth/agent/redact"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var providerName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func TestToolNames(t *testing.T) {
	taken := map[string]bool{}
	tests := []struct{ server, tool, want string }{
		{"github", "create_issue", "mcp__github__create_issue"},
		{"my.server", "read file", "mcp__my_server__read_file"},
		{"my_server", "read.file", "mcp__my_server__read_file_2"},
		{"x", strings.Repeat("long", 30), "mcp__x__" + strings.Repeat("long", 30)[:56]},
		{"x", strings.Repeat("long", 30) + "er", "mcp__x__" + strings.Repeat("long", 30)[:54] + "_2"},
		{"s", "ünïcode", "mcp__s___n_code"},
	}
	for _, tt := range tests {
		got := uniqueName(ToolName(tt.server, tt.tool), taken)
		if got != tt.want || !providerName.MatchString(got) {
			t.Errorf("%s/%s: got %q, want %q", tt.server, tt.tool, got, tt.want)
		}
	}
	if s, ok := ServerOf("mcp__github__create_issue"); !ok || s != "github" {
		t.Fatalf("ServerOf: %q %v", s, ok)
	}
	if _, ok := ServerOf("read_file"); ok {
		t.Fatal("a built-in tool has no server")
	}
}

func TestCapText(t *testing.T) {
	big := strings.Repeat("a", 30_000) + "MIDDLE" + strings.Repeat("é", 20_000) + "THE END"
	got := capText(big, 1000)
	if len(got) > 1100 || !strings.HasPrefix(got, "aaaa") || !strings.HasSuffix(got, "THE END") || strings.Contains(got, "MIDDLE") {
		t.Fatalf("capped to %d bytes: %.80q … %.80q", len(got), got[:80], got[len(got)-80:])
	}
	if !strings.Contains(got, "of 70013 bytes left out") || !utf8.ValidString(got) {
		t.Fatalf("note or encoding wrong: %q", got[480:560])
	}
	if small := "short"; capText(small, 1000) != small {
		t.Fatal("a short result changed")
	}
}

func TestRedactCappedNeverSplitsASecret(t *testing.T) {
	const secret = "sk-split-secret-value-0123456789abcdef"
	redact.Register(secret)
	// A secret lies across each cut, and one in the middle is left out.
	for _, at := range []int{499 - len(secret)/2, 501 - len(secret)/2} {
		s := strings.Repeat("a", at) + secret + strings.Repeat("b", 30_000) + secret + strings.Repeat("c", 480)
		got := redactCapped(s, 1000)
		for i := 8; i <= len(secret); i++ {
			if strings.Contains(got, secret[:i]) || strings.Contains(got, secret[len(secret)-i:]) {
				t.Fatalf("cut at %d: a piece of the secret (%d bytes) survived: %q", at, i, got)
			}
		}
		if !strings.Contains(got, "bytes left out") || len(got) > 1100 {
			t.Fatalf("not capped: %d bytes", len(got))
		}
	}
}
