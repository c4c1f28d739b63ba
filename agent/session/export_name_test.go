package session

import (
	"strings"
	"testing"
	"time"
)

func TestExportNameIsTheTitle(t *testing.T) {
	day := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ title, format, want string }{
		{"Fix the login bug", "md", "fix-the-login-bug.md"},
		{"  Why does `go vet` fail?!  ", "json", "why-does-go-vet-fail.json"},
		{"../../etc/passwd", "md", "etc-passwd.md"},
		{"Ünïcode: 日本語のテスト", "md", "ünïcode-日本語のテスト.md"},
		{"", "md", "conversation-2026-11-29.md"},
		{"?!…", "json", "conversation-2026-11-29.json"},
		{"a\x00b\nc/d\\e", "md", "a-b-c-d-e.md"},
	} {
		got := ExportName(Session{Title: tc.title, CreatedAt: day}, ExportFormat(tc.format))
		if got != tc.want {
			t.Errorf("ExportName(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
	long := ExportName(Session{Title: strings.Repeat("word ", 40)}, FormatMarkdown)
	if n := len([]rune(strings.TrimSuffix(long, ".md"))); n > maxNameRunes {
		t.Errorf("a long title gave a %d-rune name: %q", n, long)
	}
}
