package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/secrets"
)

// mcpHome is one person's machine: a config dir, a data dir and a keychain
// shared by the commands run in it.
type mcpHome struct {
	cfg, data string
	ring      mapRing
	vars      map[string]string
}

func newMCPHome(t *testing.T) *mcpHome {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	return &mcpHome{cfg: t.TempDir(), data: t.TempDir(), ring: mapRing{}, vars: map[string]string{}}
}

func (h *mcpHome) run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return h.cfg
		case "HEARTH_DATA_DIR":
			return h.data
		}
		return h.vars[k]
	}
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(h.ring, time.Second, getenv), Version: "test"}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	code := Run(ctx, env, args)
	return code, out.String(), errb.String()
}

// The done-when: add the memory server, then list shows it
// connected with its tools.
func TestMCPAddThenList(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	h, ws := newMCPHome(t), t.TempDir()
	code, out, errOut := h.run(t, "mcp", "add", "memory", "--", memory)
	if code != 0 || !strings.Contains(out, "added MCP server memory") {
		t.Fatalf("add: exit %d, %s%s", code, out, errOut)
	}
	code, out, errOut = h.run(t, "mcp", "list", "--workspace", ws)
	if code != 0 {
		t.Fatalf("list: exit %d: %s", code, errOut)
	}
	fields := strings.Split(strings.TrimSpace(out), "\t")
	if len(fields) != 4 || fields[0] != "memory" || fields[1] != "connected" || fields[2] != "stdio" || fields[3] == "0" {
		t.Fatalf("list printed %q (stderr %s)", out, errOut)
	}
	code, out, _ = h.run(t, "mcp", "get", "--workspace", ws, "memory")
	if code != 0 || !strings.Contains(out, "mcp__memory__create_entities") || !strings.Contains(out, "status:    connected") {
		t.Fatalf("get: exit %d\n%s", code, out)
	}
	if code, out, _ = h.run(t, "mcp", "remove", "memory"); code != 0 {
		t.Fatalf("remove: %d %s", code, out)
	}
	if code, out, _ = h.run(t, "mcp", "list", "--workspace", ws); code != 0 || out != "" {
		t.Fatalf("list after remove: %d %q", code, out)
	}
}

func TestMCPAddKeepsSecretsInTheKeychain(t *testing.T) {
	h := newMCPHome(t)
	const token = "ghp_NeverInAFile0123456789"
	code, _, errOut := h.run(t, "mcp", "add", "--transport", "http", "--header", "Authorization: Bearer "+token, "gh", "https://api.example.com/mcp")
	if code != 0 {
		t.Fatalf("add: %d %s", code, errOut)
	}
	code, _, errOut = h.run(t, "mcp", "add", "--env", "TOKEN="+token, "--env", "HOME_DIR=${HOME}", "local", "--", "my-server", "--flag")
	if code != 0 {
		t.Fatalf("add: %d %s", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(h.cfg, "mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	file := string(b)
	for _, want := range []string{`"${keychain:mcp.gh.header.Authorization}"`, `"${keychain:mcp.local.env.TOKEN}"`, `"${HOME}"`, `"--flag"`} {
		if !strings.Contains(file, want) {
			t.Errorf("mcp.json lacks %s:\n%s", want, file)
		}
	}
	if strings.Contains(file, token) {
		t.Fatalf("the secret was written to mcp.json:\n%s", file)
	}
	if h.ring["item:mcp.gh.header.Authorization"] != "Bearer "+token || h.ring["item:mcp.local.env.TOKEN"] != token {
		t.Fatalf("keychain %v", h.ring)
	}
	if code, _, _ := h.run(t, "mcp", "remove", "local"); code != 0 || h.ring["item:mcp.local.env.TOKEN"] != "" {
		t.Fatalf("remove left the secret in the keychain: %v", h.ring)
	}
	for _, bad := range [][]string{
		{"mcp", "add", "x"},
		{"mcp", "add", "--transport", "http", "x"},
		{"mcp", "add", "--transport", "ws", "x", "ws://h"},
		{"mcp", "add", "--scope", "team", "x", "--", "cmd"},
		{"mcp", "add", "bad name", "--", "cmd"},
		{"mcp", "add", "--header", "A:b", "x", "--", "cmd"},
		{"mcp", "frobnicate"},
	} {
		if code, _, errOut := h.run(t, bad...); code != ExitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errOut)
		}
	}
	ws := t.TempDir()
	if code, _, errOut := h.run(t, "mcp", "add", "--scope", "project", "--workspace", ws, "--env", "TOKEN="+token, "p", "--", "cmd"); code != ExitFailure || !strings.Contains(errOut, "--scope user") {
		t.Errorf("a secret for a project file: %d %s", code, errOut)
	}
	if code, _, errOut := h.run(t, "mcp", "add", "--scope", "project", "--workspace", ws, "--env", "TOKEN=${MY_TOKEN}", "p", "--", "cmd"); code != 0 || !strings.Contains(errOut, "trusted") {
		t.Errorf("a reference in a project file: %d %s", code, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, ".mcp.json")); !strings.Contains(string(b), `"${MY_TOKEN}"`) {
		t.Errorf(".mcp.json: %s", b)
	}
	if code, _, errOut := h.run(t, "mcp", "remove", "nope"); code != ExitFailure || !strings.Contains(errOut, "no such MCP server") {
		t.Errorf("remove nope: %d %s", code, errOut)
	}
}

// The model calls a tool of a --mcp-config server; the result reaches the
// next request; the config's secret appears nowhere.
func TestRunWithMCPConfig(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	const secret = "mcp-config-secret-0123456789"
	h, ws := newMCPHome(t), t.TempDir()
	h.vars["OPENAI_API_KEY"] = "sk-test-key-123456"
	h.vars["MEMORY_SECRET"] = secret
	memFile := filepath.Join(t.TempDir(), "memory.jsonl")
	conf := filepath.Join(t.TempDir(), "servers.json")
	body := `{"mcpServers": {"memory": {"command": "` + memory + `", "env": {"MEMORY_FILE_PATH": "` + memFile + `", "API_TOKEN": "${MEMORY_SECRET}"}}}}`
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	// The model spells the secret out, as if it had seen it somewhere.
	call := `{"entities":[{"name":"Ann","entityType":"person","observations":["likes tea","token ` + secret + `"]}]}`
	run := func(approve string) (*llmServer, int, string, string) {
		s := newLLMServer(t, toolReply("call_1", "mcp__memory__create_entities", call), textReply("Noted."))
		code, out, errOut := h.run(t, "run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
			"--base-url", s.srv.URL+"/v1", "--mcp-config", conf, "--strict-mcp-config", "--approve", approve, "--json", "remember Ann")
		return s, code, out, errOut
	}

	s, code, out, errOut := run("all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var result map[string]any
	for _, e := range jsonLines(t, out) {
		if e["type"] == "tool_result" {
			result = e
		}
	}
	if result == nil || result["status"] != "succeeded" || !strings.Contains(result["output"].(string), "likes tea") {
		t.Fatalf("tool result %v\n%s", result, out)
	}
	if b, _ := os.ReadFile(memFile); !strings.Contains(string(b), `"Ann"`) {
		t.Fatalf("the server did not store the entity: %q", b)
	}
	s.mu.Lock()
	next, _ := json.Marshal(s.bodies[len(s.bodies)-1])
	first, _ := json.Marshal(s.bodies[0])
	s.mu.Unlock()
	if !strings.Contains(string(next), "likes tea") || !strings.Contains(string(next), `"tool_call_id":"call_1"`) {
		t.Fatalf("the result did not reach the next request: %s", next)
	}
	if !strings.Contains(string(first), `"mcp__memory__create_entities"`) {
		t.Fatalf("the tool was not offered to the model: %.400s", first)
	}
	// The tool result the model reads is redacted too (the model's own
	// arguments, sent back as history, are its words, not an output).
	var toolMsg string
	s.mu.Lock()
	for _, m := range s.bodies[len(s.bodies)-1]["messages"].([]any) {
		if m.(map[string]any)["role"] == "tool" {
			b, _ := json.Marshal(m)
			toolMsg = string(b)
		}
	}
	s.mu.Unlock()
	if !strings.Contains(toolMsg, "likes tea") || !strings.Contains(toolMsg, "[REDACTED") {
		t.Fatalf("tool message %s", toolMsg)
	}
	for what, text := range map[string]string{"--json output": out, "stderr": errOut, "the tool result sent to the model": toolMsg} {
		if strings.Contains(text, secret) {
			t.Errorf("the config secret reached %s", what)
		}
	}
	for _, name := range []string{"sessions.db", "sessions.db-wal"} {
		if b, err := os.ReadFile(filepath.Join(h.data, name)); err == nil && bytes.Contains(b, []byte(secret)) {
			t.Errorf("the config secret reached %s", name)
		}
	}
	code, list, _ := h.run(t, "sessions", "list", "--json")
	var sess []map[string]any
	if code != 0 || json.Unmarshal([]byte(list), &sess) != nil || len(sess) == 0 {
		t.Fatalf("sessions list: %d %s", code, list)
	}
	code, export, _ := h.run(t, "sessions", "export", sess[0]["id"].(string), "--format", "json")
	if code != 0 || !strings.Contains(export, "likes tea") || strings.Contains(export, secret) {
		t.Fatalf("export (exit %d) lacks the call or holds the secret:\n%.600s", code, export)
	}

	// --approve never: the call is denied and never reaches the server.
	os.Remove(memFile)
	_, code, out, _ = run("never")
	if code != 0 || !strings.Contains(out, `"status":"denied"`) {
		t.Fatalf("--approve never: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(memFile); err == nil {
		t.Fatal("a denied call reached the server")
	}
	// --approve edits does not cover MCP tools either.
	_, _, out, _ = run("edits")
	if !strings.Contains(out, `"status":"denied"`) {
		t.Fatalf("--approve edits ran an MCP tool:\n%s", out)
	}
}

func TestRunExpandsAnMCPPrompt(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	h, ws := newMCPHome(t), t.TempDir()
	h.vars["OPENAI_API_KEY"] = "sk-test-key-123456"
	conf := filepath.Join(t.TempDir(), "servers.json")
	os.WriteFile(conf, []byte(`{"mcpServers": {"ev": {"command": "`+everything+`", "args": ["stdio"]}}}`), 0o600)
	s := newLLMServer(t, textReply("Sunny."))
	code, _, errOut := h.run(t, "run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", conf, "--json", "/ev:args-prompt Lisbon")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s.mu.Lock()
	req, _ := json.Marshal(s.bodies[0])
	s.mu.Unlock()
	if !strings.Contains(string(req), "What's weather in Lisbon?") {
		t.Fatalf("the prompt was not expanded: %.600s", req)
	}
	code, _, errOut = h.run(t, "run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", conf, "/ev:args-prompt")
	if code != ExitFailure || !strings.Contains(errOut, "missing argument city") {
		t.Fatalf("missing argument: exit %d: %s", code, errOut)
	}
}

func TestMCPSignInsLiveInTheKeychain(t *testing.T) {
	h := newMCPHome(t)
	store := mcp.KeychainTokens{Store: secrets.NewWith(h.ring, time.Second, func(string) string { return "" })}
	ctx := context.Background()
	if got, err := store.LoadToken(ctx, "gh"); got != nil || err != nil {
		t.Fatalf("nothing kept yet: %v %v", got, err)
	}
	saved := &mcp.SavedToken{Token: &oauth2.Token{AccessToken: "gho_kept-access-token-123", RefreshToken: "ghr_kept-refresh-123"},
		ClientID: "client", TokenURL: "https://auth.example.com/token"}
	if err := store.SaveToken(ctx, "gh", saved); err != nil {
		t.Fatal(err)
	}
	got, err := store.LoadToken(ctx, "gh")
	if err != nil || got.Token.RefreshToken != "ghr_kept-refresh-123" || got.TokenURL != saved.TokenURL {
		t.Fatalf("loaded %+v, %v", got, err)
	}
	if h.ring["item:mcp.gh.oauth"] == "" {
		t.Fatalf("keychain %v", h.ring)
	}
	// Removing the server forgets its sign-in.
	if code, _, errOut := h.run(t, "mcp", "add", "--transport", "http", "gh", "https://api.example.com/mcp"); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := h.run(t, "mcp", "remove", "gh"); code != 0 || h.ring["item:mcp.gh.oauth"] != "" {
		t.Fatalf("remove: %d %s; keychain %v", code, errOut, h.ring)
	}
	if code, _, errOut := h.run(t, "mcp", "login", "--workspace", t.TempDir(), "nope"); code != ExitFailure || !strings.Contains(errOut, "no MCP server named nope") {
		t.Fatalf("login nope: %d %s", code, errOut)
	}
}
