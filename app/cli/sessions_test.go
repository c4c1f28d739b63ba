package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
)

type mapRing map[string]string

func (m mapRing) Get(s, u string) (string, error) {
	if v, ok := m[u]; ok {
		return v, nil
	}
	return "", secrets.ErrNotFound
}
func (m mapRing) Set(s, u, p string) error { m[u] = p; return nil }
func (m mapRing) Delete(s, u string) error { delete(m, u); return nil }

const storedKey = "sk-ant-api03-PlantedKey0123456789abcdefXYZ"

// seedSessions writes two sessions into dir's database the way the app does.
func seedSessions(t *testing.T, dir string) (older, newer session.Session) {
	t.Helper()
	ctx := context.Background()
	// A clock that moves on a millisecond at each reading: the second
	// session is the newer without the test waiting for the real one.
	var ns atomic.Int64
	ns.Store(time.Now().UnixNano())
	now := func() time.Time { return time.Unix(0, ns.Add(int64(time.Millisecond))) }
	s, err := session.Open(ctx, filepath.Join(dir, session.FileName), session.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	older, _ = s.Create(ctx, session.NewSession{Workspace: "/ws/one", Provider: "openai", Model: "gpt"})
	s.AddUserMessage(ctx, older.ID, "Refactor the parser")
	newer, _ = s.Create(ctx, session.NewSession{Workspace: "/ws/two"})
	s.AddUserMessage(ctx, newer.ID, "Call the API with "+storedKey)
	turn, err := s.BeginAssistant(ctx, newer.ID, "anthropic", "claude")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText("Calling it now.")
	turn.ToolStarted(ctx, session.ToolStart{CallID: "1", Name: "http", Args: `{"key":"` + storedKey + `"}`})
	turn.ToolFinished(ctx, session.ToolResult{CallID: "1", Status: session.ToolOK, Output: "200 OK"})
	if err := turn.Finish(ctx, session.End{State: session.StateComplete}); err != nil {
		t.Fatal(err)
	}
	return older, newer
}

func runSessionsCLI(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &errb, Stdin: strings.NewReader(""),
		Getenv: func(k string) string {
			if k == "HEARTH_DATA_DIR" {
				return dir
			}
			return ""
		},
		Secrets: secrets.NewWith(mapRing{"anthropic": storedKey}, time.Second, func(string) string { return "" }),
	}
	code := Run(context.Background(), env, append([]string{"sessions"}, args...))
	return code, out.String(), errb.String()
}

func TestSessionsList(t *testing.T) {
	dir := t.TempDir()
	older, newer := seedSessions(t, dir)

	code, out, errs := runSessionsCLI(t, dir, "list", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []session.Session
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(got) != 2 || got[0].ID != newer.ID || got[1].ID != older.ID {
		t.Fatalf("list = %+v", got)
	}
	if strings.Contains(out, storedKey) {
		t.Fatal("a key in a title reached the list output")
	}

	code, out, _ = runSessionsCLI(t, dir, "list")
	if code != ExitOK || !strings.Contains(out, older.ID) || !strings.Contains(out, "Refactor the parser") {
		t.Fatalf("table = %d %s", code, out)
	}
	code, out, _ = runSessionsCLI(t, dir, "list", "--workspace", "/ws/one", "--json")
	if code != ExitOK || strings.Contains(out, newer.ID) || !strings.Contains(out, older.ID) {
		t.Fatalf("workspace filter = %s", out)
	}
	empty := t.TempDir()
	if code, out, _ := runSessionsCLI(t, empty, "list", "--json"); code != ExitOK || strings.TrimSpace(out) != "[]" {
		t.Fatalf("empty list = %d %q", code, out)
	}
}

func TestSessionsShowAndExport(t *testing.T) {
	dir := t.TempDir()
	_, newer := seedSessions(t, dir)

	code, out, errs := runSessionsCLI(t, dir, "show", newer.ID[:5])
	if code != ExitOK {
		t.Fatalf("show exit %d: %s", code, errs)
	}
	for _, want := range []string{"## User", "Calling it now.", "**Tool `http`**", "[REDACTED:"} {
		if !strings.Contains(out, want) {
			t.Fatalf("show lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, storedKey) {
		t.Fatal("show printed a stored key")
	}

	code, out, _ = runSessionsCLI(t, dir, "export", newer.ID, "--format", "json")
	var exp struct {
		FormatVersion int               `json:"format_version"`
		Session       session.Session   `json:"session"`
		Messages      []session.Message `json:"messages"`
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &exp) != nil || exp.Session.ID != newer.ID || len(exp.Messages) != 2 {
		t.Fatalf("json export = %d %s", code, out)
	}
	if strings.Contains(out, storedKey) || strings.Contains(out, "PlantedKey") {
		t.Fatal("json export leaks the stored key")
	}

	file := filepath.Join(t.TempDir(), "chat.md")
	code, _, errs = runSessionsCLI(t, dir, "export", newer.ID, "--format", "md", "--out", file)
	if code != ExitOK {
		t.Fatalf("export to file: %d %s", code, errs)
	}
	b, err := os.ReadFile(file)
	if err != nil || !strings.HasPrefix(string(b), "# Call the API with [REDACTED:") {
		t.Fatalf("file = %q, %v", b, err)
	}
}

func TestSessionsErrors(t *testing.T) {
	dir := t.TempDir()
	seedSessions(t, dir)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{nil, ExitUsage, "missing subcommand"},
		{[]string{"frobnicate"}, ExitUsage, "unknown subcommand"},
		{[]string{"show"}, ExitUsage, "want 1 argument"},
		{[]string{"show", "ffffffff"}, ExitFailure, `no session "ffffffff"`},
		{[]string{"export", "abc"}, ExitUsage, "--format must be md or json"},
		{[]string{"export", "abc", "--format", "pdf"}, ExitUsage, "--format must be md or json"},
		{[]string{"list", "--bogus"}, ExitUsage, "flag provided but not defined"},
		{[]string{"export", "x", "--format", "md", "--out", filepath.Join(dir, "missing-dir", "f.md")}, ExitFailure, ""},
	}
	for _, c := range cases {
		code, _, errs := runSessionsCLI(t, dir, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("sessions %v = %d %q, want %d %q", c.args, code, errs, c.code, c.want)
		}
	}
	if code, out, _ := runSessionsCLI(t, dir, "--help"); code != ExitOK || !strings.Contains(out, "sessions export ID") {
		t.Fatalf("--help = %d %s", code, out)
	}
	// A newer database is reported, not opened.
	newDir := t.TempDir()
	writeNewerDB(t, filepath.Join(newDir, session.FileName))
	if code, _, errs := runSessionsCLI(t, newDir, "list"); code != ExitFailure || !strings.Contains(errs, "newer version of Hearth") {
		t.Fatalf("newer db = %d %s", code, errs)
	}
}

func writeNewerDB(t *testing.T, path string) {
	t.Helper()
	s, err := session.Open(context.Background(), path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Bump user_version (header bytes 60..63) as a newer Hearth would.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[60], b[61], b[62], b[63] = 0, 0, 0, 99
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
