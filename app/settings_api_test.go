package app

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/agent/worktree"
	"github.com/zalando/go-keyring"
)

// mapRing stands in for the OS keychain in facade tests; the real Secret
// Service is covered by the secrets package and the e2e tests.
type mapRing struct {
	mu sync.Mutex
	m  map[string]string
}

func (r *mapRing) Get(s, u string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.m[s+u]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}
func (r *mapRing) Set(s, u, p string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.m[s+u] = p
	return nil
}
func (r *mapRing) Delete(s, u string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.m, s+u)
	return nil
}

func newTestApp(t *testing.T, env map[string]string) (*App, string) {
	t.Helper()
	dir := t.TempDir()
	store, err := settings.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return env[k] }
	snapshots, err := undo.Open(filepath.Join(t.TempDir(), "undo"), 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snapshots.Close() })
	sessions, err := session.Open(t.Context(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{FlushInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sessions.Close() })
	a := New(Deps{Undo: snapshots, Sessions: sessions, Settings: store, Secrets: secrets.NewWith(&mapRing{m: map[string]string{}}, time.Second, getenv),
		HTTP: &http.Client{Timeout: 5 * time.Second}, Getenv: getenv, IndexCacheDir: t.TempDir(),
		Worktrees: worktree.NewStore(t.TempDir())})
	t.Cleanup(a.shutdown)
	return a, dir
}

func providerIn(v SettingsView, id string) ProviderView {
	for _, p := range v.Providers {
		if p.ID == id {
			return p
		}
	}
	return ProviderView{}
}

func TestKeysAreWriteOnly(t *testing.T) {
	a, dir := newTestApp(t, map[string]string{"ANTHROPIC_API_KEY": "sk-ant-env-value"})
	const secret = "sk-proj-facade-test-secret"
	v, err := a.h.Settings.SetKey("openai", "  "+secret+"\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := providerIn(v, "openai").KeyStatus; got != "keychain" {
		t.Errorf("openai status = %s", got)
	}
	if got := providerIn(v, "anthropic").KeyStatus; got != "env" {
		t.Errorf("anthropic status = %s", got)
	}
	b, _ := json.Marshal(v)
	if strings.Contains(string(b), secret) || strings.Contains(string(b), "sk-ant-env-value") {
		t.Fatalf("a key reached the view: %s", b)
	}
	saved, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", PromptProfile: "small", MaxRunning: 5})
	if err != nil {
		t.Fatal(err)
	}
	if saved.PromptProfile != "small" || saved.MaxRunning != 5 {
		t.Errorf("the view's prompt profile is %q and turns at once %d after saving small and 5", saved.PromptProfile, saved.MaxRunning)
	}
	if saved.BackgroundProcesses != process.DefaultMax {
		t.Errorf("background processes shown as %d with none set, want the default %d", saved.BackgroundProcesses, process.DefaultMax)
	}
	saved, err = a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", PromptProfile: "small", BackgroundProcesses: 9})
	if err != nil || saved.BackgroundProcesses != 9 || saved.MaxRunning != 5 || a.deps.Settings.Get().BackgroundProcesses != 9 {
		t.Errorf("after saving 9 background processes: view %d, turns at once %d, stored %d, %v", saved.BackgroundProcesses, saved.MaxRunning, a.deps.Settings.Get().BackgroundProcesses, err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, settings.FileName))
	if strings.Contains(string(data), secret) || !strings.Contains(string(data), `"maxIterations": 5`) || !strings.Contains(string(data), `"promptProfile": "small"`) {
		t.Errorf("settings.json = %s", data)
	}
	off, none := true, 0
	saved, err = a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", CheckOff: &off, CheckRounds: &none})
	if err != nil || !saved.CheckOff || saved.CheckRounds != 0 || saved.MaxRunning != 5 {
		t.Errorf("after saving the check off with no fix rounds: off %v, rounds %d, turns at once %d, %v", saved.CheckOff, saved.CheckRounds, saved.MaxRunning, err)
	}
	if st := a.deps.Settings.Get().Check; st.FixRounds() != 0 || !st.Off {
		t.Errorf("settings.json's check is %+v", st)
	}
	on, four := false, 4
	saved, _ = a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", CheckOff: &on, CheckRounds: &four})
	if saved.CheckOff || saved.CheckRounds != 4 {
		t.Errorf("after saving the check on with 4 rounds: off %v, rounds %d", saved.CheckOff, saved.CheckRounds)
	}
	v, err = a.h.Settings.DeleteKey("openai")
	if err != nil || providerIn(v, "openai").KeyStatus != "none" {
		t.Errorf("after delete: %v %s", err, providerIn(v, "openai").KeyStatus)
	}
}

func TestBoundInputIsValidated(t *testing.T) {
	a, _ := newTestApp(t, nil)
	tests := []struct {
		name string
		call func() error
	}{
		{"unknown provider key", func() error { _, err := a.h.Settings.SetKey("../../etc", "k"); return err }},
		{"generic id key", func() error { _, err := a.h.Settings.SetKey("openai-compatible", "k"); return err }},
		{"bad base url", func() error {
			_, err := a.h.Settings.SaveProvider("openai", ProviderInput{BaseURL: "file:///etc/passwd"})
			return err
		}},
		{"custom without url", func() error { _, err := a.h.Settings.AddCustomEndpoint("box", ""); return err }},
		{"bad effort", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "x", MaxIterations: 5, ApprovalMode: "ask"})
			return err
		}},
		{"too many turns at once", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", MaxRunning: 99})
			return err
		}},
		{"too many background processes", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", BackgroundProcesses: 33})
			return err
		}},
		{"negative background processes", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", BackgroundProcesses: -1})
			return err
		}},
		{"too many fix rounds", func() error {
			n := 11
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", CheckRounds: &n})
			return err
		}},
		{"negative fix rounds", func() error {
			n := -1
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", CheckRounds: &n})
			return err
		}},
		{"unknown prompt profile", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "openai", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask", PromptProfile: "tiny"})
			return err
		}},
		{"active custom missing", func() error {
			_, err := a.h.Settings.SaveGlobal(GlobalInput{ActiveProvider: "custom:ghost", ReasoningEffort: "low", MaxIterations: 5, ApprovalMode: "ask"})
			return err
		}},
	}
	for _, tt := range tests {
		if err := tt.call(); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}

func TestCustomEndpointLifecycle(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" || r.Header.Get("Authorization") != "Bearer box-key" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`{"data":[{"id":"qwen"}]}`))
	}))
	defer srv.Close()
	a, _ := newTestApp(t, nil)
	if _, err := a.h.Settings.AddCustomEndpoint("box", srv.URL+"/v1"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Settings.AddCustomEndpoint("BOX", srv.URL+"/v1"); err == nil {
		t.Error("duplicate name accepted")
	}
	res, err := a.h.Settings.TestConnection("custom:box")
	if err != nil || res.OK || res.Kind != "no_key" {
		t.Errorf("without key: %+v %v", res, err)
	}
	if _, err := a.h.Settings.SetKey("custom:box", "box-key"); err != nil {
		t.Fatal(err)
	}
	res, err = a.h.Settings.TestConnection("custom:box")
	if err != nil || !res.OK || res.ModelCount != 1 {
		t.Errorf("with key: %+v %v", res, err)
	}
	v, err := a.h.Settings.RemoveCustomEndpoint("box")
	if err != nil {
		t.Fatal(err)
	}
	if providerIn(v, "custom:box").ID != "" {
		t.Error("endpoint still listed")
	}
	if _, src, _ := a.deps.Secrets.Resolve(t.Context(), "custom:box"); src != secrets.SourceNone {
		t.Errorf("key left behind: %s", src)
	}
}

func TestDetectLocalFindsAnAnsweringOllama(t *testing.T) {
	ollama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			w.Write([]byte(`{"data":[{"id":"llama3"}]}`))
			return
		}
		http.NotFound(w, r)
	}))
	defer ollama.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		host string
		want []string
	}{
		{strings.TrimPrefix(ollama.URL, "http://"), []string{"ollama"}},
		{closed.URL, []string{}},
	}
	for _, tt := range tests {
		a, _ := newTestApp(t, map[string]string{"OLLAMA_HOST": tt.host})
		// LM Studio's default port is left alone: nothing listens there in tests
		// unless the machine runs one, and then it is rightly reported.
		got := a.h.Settings.DetectLocal()
		found := false
		for _, id := range got {
			found = found || id == "ollama"
		}
		if found != (len(tt.want) == 1) {
			t.Errorf("OLLAMA_HOST=%s: DetectLocal = %v", tt.host, got)
		}
	}
}

// The composition's after-paint work runs once, even when the page reloads
// and marks its first paint again.
func TestFirstPaintRunsPaintedOnce(t *testing.T) {
	a, _ := newTestApp(t, nil)
	var runs atomic.Int32
	a.deps.Painted = func() { runs.Add(1) }
	if n := runs.Load(); n != 0 {
		t.Fatalf("Painted ran %d times before the first paint", n)
	}
	a.h.Shell.MarkFirstPaint()
	a.h.Shell.MarkFirstPaint()
	if n := runs.Load(); n != 1 {
		t.Fatalf("Painted ran %d times, want once", n)
	}
}
