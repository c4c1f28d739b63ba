package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// Generated for the tests; none is a live key.
const (
	splitAnthropic = "sk-ant-api03-Zq8wEr4tYu6iOp2aSd5fGh7jKl9zXc1vBn3mQw5eRt7yUi9oPa1sDf3gHj5kLz7xCv9bNm-QwErTyAA"
	splitBearer    = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5ODc2NTQzMjEwIn0.Qm9keUJ5dGVzR29IZXJlMTIzNDU2Nzg5MA"
)

// gatewayEnv is a CLI environment whose settings hold a custom endpoint,
// "Gateway", at baseURL, with its key in the keychain.
func gatewayEnv(t *testing.T, baseURL, key, data string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cfg := t.TempDir()
	st, err := settings.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Update(func(s *settings.Settings) error {
		s.Custom = append(s.Custom, settings.CustomEndpoint{Name: "Gateway", BaseURL: baseURL, Model: "gw-model"})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		}
		return ""
	}
	var out, errb bytes.Buffer
	return &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(mapRing{"custom:Gateway": key}, time.Second, getenv), Version: "test"}, &out, &errb
}

// splitReply streams reasoning then text, each cut into small random
// deltas, as an OpenAI-compatible server would.
func splitReply(rng *rand.Rand, reasoning, text string) string {
	var chunks []string
	add := func(field, s string) {
		for len(s) > 0 {
			n := min(len(s), 1+rng.Intn(5))
			v, _ := json.Marshal(s[:n])
			chunks = append(chunks, `{"choices":[{"index":0,"delta":{"`+field+`":`+string(v)+`}}]}`)
			s = s[n:]
		}
	}
	add("reasoning_content", reasoning)
	add("content", text)
	chunks = append(chunks, `{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
		`{"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":90}}`)
	return sse(chunks...)
}

// assertNoPiece fails if out holds any 10-byte piece of a secret.
func assertNoPiece(t *testing.T, where, out string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for i := 0; i+10 <= len(s); i++ {
			if strings.Contains(out, s[i:i+10]) {
				t.Fatalf("%s holds %q, a piece of a secret:\n%s", where, s[i:i+10], out)
			}
		}
	}
}

func TestRunNeverPrintsAKeySplitOverDeltas(t *testing.T) {
	gwKey := "gw-split-print-" + time.Now().Format("150405.000000") // unique: the registry is process-wide
	text := "The keys are " + splitAnthropic + " and " + gwKey + ".\nUse `Authorization: Bearer " + splitBearer + "` then."
	reasoning := "I will repeat " + splitAnthropic + " slowly"
	want := redact.New(gwKey).String(text)
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	for _, asJSON := range []bool{true, false} {
		for trial := 0; trial < 3; trial++ {
			s := newLLMServer(t, splitReply(rng, reasoning, text))
			env, out, errb := gatewayEnv(t, s.srv.URL+"/v1", gwKey, t.TempDir())
			args := []string{"run", "--workspace", t.TempDir(), "--provider", "custom:Gateway"}
			if asJSON {
				args = append(args, "--json")
			}
			if code := Run(context.Background(), env, append(args, "say them")); code != ExitOK {
				t.Fatalf("exit %d: %s", code, errb)
			}
			assertNoPiece(t, "stdout", out.String(), splitAnthropic, splitBearer, gwKey)
			assertNoPiece(t, "stderr", errb.String(), splitAnthropic, splitBearer, gwKey)
			if !asJSON {
				if !strings.HasPrefix(out.String(), want) {
					t.Fatalf("stdout %q, want %q first", out, want)
				}
				continue
			}
			var gotText, gotReasoning strings.Builder
			for _, e := range jsonLines(t, out.String()) {
				switch e["type"] {
				case "text":
					gotText.WriteString(e["text"].(string))
				case "reasoning":
					gotReasoning.WriteString(e["text"].(string))
				}
			}
			if gotText.String() != want || gotReasoning.String() != redact.New().String(reasoning) {
				t.Fatalf("text %q\nwant %q\nreasoning %q", gotText.String(), want, gotReasoning.String())
			}
		}
	}
}

// readAll is every file of dir joined: the database, its WAL, anything else.
func readAll(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil {
			b.Write(data)
		}
	}
	return b.String()
}

func TestCustomEndpointKeyNeverReachesTheSessionsDatabase(t *testing.T) {
	gwKey := "gw-db-only-" + time.Now().Format("150405.000000")
	rng := rand.New(rand.NewSource(1))
	s := newLLMServer(t, splitReply(rng, "echo "+gwKey, "Your key: "+gwKey+" is set."))
	data := t.TempDir()
	env, out, errb := gatewayEnv(t, s.srv.URL+"/v1", gwKey, data)
	if code := Run(context.Background(), env, []string{"run", "--workspace", t.TempDir(), "--provider", "custom:Gateway",
		"--json", "my key is " + gwKey + ", remember it"}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	assertNoPiece(t, "stdout", out.String(), gwKey)
	assertNoPiece(t, "the sessions database", readAll(t, data), gwKey)
}

// A sessions command starts with an empty registry, as a new process does:
// the custom endpoint's key must come from the keychain by its id.
func TestSessionsExportRedactsCustomEndpointKeys(t *testing.T) {
	gwKey := "gw-export-only-" + time.Now().Format("150405.000000")
	data := t.TempDir()
	ctx := context.Background()
	raw, err := session.Open(ctx, filepath.Join(data, session.FileName), session.Options{}) // redacts nothing
	if err != nil {
		t.Fatal(err)
	}
	ses, _ := raw.Create(ctx, session.NewSession{Workspace: "/ws", Provider: "custom:Gateway", Model: "gw-model"})
	raw.AddUserMessage(ctx, ses.ID, "the key is "+gwKey)
	raw.Close()
	for _, args := range [][]string{
		{"sessions", "export", ses.ID, "--format", "md"},
		{"sessions", "export", ses.ID, "--format", "json"},
		{"sessions", "show", ses.ID},
	} {
		env, out, errb := gatewayEnv(t, "http://127.0.0.1:9/v1", gwKey, data)
		if code := Run(ctx, env, args); code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb)
		}
		if !strings.Contains(out.String(), "[REDACTED:stored-secret]") {
			t.Errorf("%v: no marker in %s", args, out)
		}
		assertNoPiece(t, strings.Join(args, " "), out.String(), gwKey)
	}
}
