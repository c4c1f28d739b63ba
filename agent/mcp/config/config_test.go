package config

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		want     map[string]Transport
		err      string
	}{
		{"empty", ``, map[string]Transport{}, ""},
		{"no servers", `{"other": 1}`, map[string]Transport{}, ""},
		{"claude desktop", `{"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}`,
			map[string]Transport{"memory": Stdio}, ""},
		{"claude code remote", `{"mcpServers": {"gh": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer x"}}, "old": {"type": "sse", "url": "http://127.0.0.1:3001/sse"}}}`,
			map[string]Transport{"gh": HTTP, "old": SSE}, ""},
		{"url without type", `{"mcpServers": {"r": {"url": "https://example.com/mcp"}}}`, map[string]Transport{"r": HTTP}, ""},
		{"no command", `{"mcpServers": {"x": {"args": ["a"]}}}`, nil, "needs a command"},
		{"bad url", `{"mcpServers": {"x": {"type": "http", "url": "ftp://example.com"}}}`, nil, "not an http(s) URL"},
		{"bad type", `{"mcpServers": {"x": {"type": "websocket", "url": "ws://x"}}}`, nil, "unknown type"},
		{"bad name", `{"mcpServers": {"a b": {"command": "x"}}}`, nil, "server name"},
		{"not json", `{"mcpServers":`, nil, "not a JSON object"},
		{"servers not an object", `{"mcpServers": []}`, nil, "mcpServers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, want an error containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Transport{}
			for n, s := range f.Servers {
				got[n] = s.Kind()
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for n, k := range tt.want {
				if got[n] != k {
					t.Fatalf("%s: got %s, want %s", n, got[n], k)
				}
			}
		})
	}
}

func TestWriteKeepsWhatItDoesNotKnow(t *testing.T) {
	in := `{"globalShortcut": "Ctrl+Space", "mcpServers": {"a": {"command": "a", "futureField": {"x": 1}}}}`
	f, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Set("b", Server{Type: HTTP, URL: "https://example.com/mcp"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sub", "mcp.json")
	if err := Write(path, f); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := back.Marshal()
	for _, want := range []string{`"globalShortcut"`, `"futureField"`, `"https://example.com/mcp"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("written file lost %s:\n%s", want, out)
		}
	}
	if err := back.Remove("a"); err != nil {
		t.Fatal(err)
	}
	if err := back.Remove("a"); !errors.Is(err, ErrNoServer) {
		t.Fatalf("removing twice: %v", err)
	}
	if names := back.Names(); len(names) != 1 || names[0] != "b" {
		t.Fatalf("names %v", names)
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"HOME": "/home/ann", "GH_TOKEN": "ghp_abcdefghijklmnop"}
	e := Env{
		Getenv: func(k string) string { return env[k] },
		Keychain: func(_ context.Context, ref string) (string, error) {
			if ref == "mcp.gh.header.X-Key" {
				return "from-the-keychain-123", nil
			}
			return "", errors.New("not found")
		},
	}
	s := Server{Command: "${HOME}/bin/server", Args: []string{"--port", "${PORT:-8080}"},
		Env:     map[string]string{"TOKEN": "${GH_TOKEN}", "PLAIN": "literal-secret-value"},
		Headers: map[string]string{"X-Key": "${keychain:mcp.gh.header.X-Key}"}}
	out, secrets, err := s.Expand(context.Background(), "gh", e)
	if err != nil {
		t.Fatal(err)
	}
	if out.Command != "/home/ann/bin/server" || out.Args[1] != "8080" || out.Env["TOKEN"] != "ghp_abcdefghijklmnop" || out.Headers["X-Key"] != "from-the-keychain-123" {
		t.Fatalf("expanded %+v", out)
	}
	for _, want := range []string{"ghp_abcdefghijklmnop", "literal-secret-value", "from-the-keychain-123"} {
		found := false
		for _, s := range secrets {
			found = found || s == want
		}
		if !found {
			t.Errorf("secret %q not reported in %q", want, secrets)
		}
	}
	if s.Env["TOKEN"] != "${GH_TOKEN}" {
		t.Fatal("Expand changed its receiver")
	}
	_, _, err = Server{Command: "x", Env: map[string]string{"A": "${MISSING}"}}.Expand(context.Background(), "x", e)
	var missing *MissingError
	if !errors.As(err, &missing) || missing.Var != "MISSING" {
		t.Fatalf("missing variable: %v", err)
	}
	_, _, err = Server{Command: "x", Env: map[string]string{"A": "${keychain:nope}"}}.Expand(context.Background(), "x", e)
	if err == nil || !strings.Contains(err.Error(), "keychain secret nope") {
		t.Fatalf("missing keychain secret: %v", err)
	}
}
