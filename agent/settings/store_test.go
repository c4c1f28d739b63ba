package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func fixedNow() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

func TestOpenBadFilesAreMovedAside(t *testing.T) {
	tests := []struct {
		name, content, wantWarning string
	}{
		{"garbage", "{not json", "is not valid JSON"},
		{"wrong type", `{"maxIterations":"many"}`, "wrong type"},
		{"newer schema", `{"version":99}`, "newer Hearth"},
		{"invalid value", `{"version":1,"approvalMode":"yolo","reasoningEffort":"low","maxIterations":5}`, "approvalMode"},
		{"empty file", "", "is not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := open(dir, fixedNow)
			if err != nil {
				t.Fatalf("open: %v", err)
			}
			if !strings.Contains(s.Warning(), tt.wantWarning) {
				t.Errorf("warning = %q, want it to mention %q", s.Warning(), tt.wantWarning)
			}
			aside, err := os.ReadFile(path + ".bad-20260102-030405")
			if err != nil {
				t.Fatalf("bad copy missing: %v", err)
			}
			if string(aside) != tt.content {
				t.Errorf("bad copy = %q, want the original bytes %q", aside, tt.content)
			}
			if got := s.Get(); got.MaxIterations != Defaults().MaxIterations {
				t.Errorf("settings not defaults: %+v", got)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("original still in place: %v", err)
			}
		})
	}
}

func TestMissingFileGivesDefaultsWithoutWarning(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s.Warning() != "" {
		t.Errorf("unexpected warning %q", s.Warning())
	}
	if got := s.Get(); got.ApprovalMode != "ask" || got.MaxIterations != 50 {
		t.Errorf("defaults = %+v", got)
	}
}

func TestUnknownFieldsSurviveSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	orig := `{"version":1,"activeProvider":"anthropic","reasoningEffort":"low","maxIterations":7,"approvalMode":"edits","futureThing":{"a":[1,2]},"providers":{}}`
	if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil || s.Warning() != "" {
		t.Fatalf("open: %v %q", err, s.Warning())
	}
	if _, err := s.Update(func(st *Settings) error { st.MaxIterations = 9; return nil }); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got["futureThing"] == nil {
		t.Errorf("unknown field lost: %s", data)
	}
	if got["maxIterations"].(float64) != 9 || got["activeProvider"] != "anthropic" {
		t.Errorf("saved = %s", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("stray files after save: %v", entries)
	}
}

func TestUpdateRejectsInvalidAndKeepsOld(t *testing.T) {
	tests := []struct {
		name  string
		fn    func(*Settings)
		field string
	}{
		{"temperature", func(s *Settings) { v := 3.5; s.Temperature = &v }, "temperature"},
		{"prompt profile", func(s *Settings) { s.PromptProfile = "tiny" }, "promptProfile"},
		{"effort", func(s *Settings) { s.ReasoningEffort = "max" }, "reasoningEffort"},
		{"iterations", func(s *Settings) { s.MaxIterations = 0 }, "maxIterations"},
		{"provider", func(s *Settings) { s.ActiveProvider = "nope" }, "activeProvider"},
		{"url with password", func(s *Settings) {
			s.Providers["openai"] = ProviderSettings{BaseURL: "https://u:sk-secret@example.com/v1"}
		}, "providers.openai.baseUrl"},
		{"url scheme", func(s *Settings) { s.Providers["openai"] = ProviderSettings{BaseURL: "ftp://x"} }, "providers.openai.baseUrl"},
		{"duplicate custom", func(s *Settings) {
			s.Custom = []CustomEndpoint{{Name: "vllm", BaseURL: "http://a/v1"}, {Name: "VLLM", BaseURL: "http://b/v1"}}
		}, "customEndpoints"},
		{"negative price", func(s *Settings) {
			p := -1.0
			s.Models = map[string]ModelOverride{"local-model": {Input: &p}}
		}, "models.local-model"},
		{"relative knowledge folder", func(s *Settings) {
			s.KnowledgeFolders = []KnowledgeFolder{{Label: "notes", Path: "notes"}}
		}, "knowledgeFolders.notes"},
		{"duplicate knowledge label", func(s *Settings) {
			s.KnowledgeFolders = []KnowledgeFolder{{Label: "docs", Path: "/a"}, {Label: "Docs", Path: "/b"}}
		}, "knowledgeFolders"},
		{"custom bad name", func(s *Settings) { s.Custom = []CustomEndpoint{{Name: "../x", BaseURL: "http://a/v1"}} }, "customEndpoints"},
		{"theme", func(s *Settings) { s.Theme = "sepia" }, "theme"},
		{"read-only pattern", func(s *Settings) { s.ReadOnlyTools = []string{"mcp__gh__["} }, "readOnlyTools"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := Open(t.TempDir())
			before := s.Get()
			_, err := s.Update(func(st *Settings) error { tt.fn(st); return nil })
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Field != tt.field {
				t.Fatalf("err = %v, want ValidationError on %s", err, tt.field)
			}
			if _, statErr := os.Stat(s.Path()); !os.IsNotExist(statErr) {
				t.Errorf("invalid settings were written")
			}
			if after := s.Get(); after.MaxIterations != before.MaxIterations || after.ReasoningEffort != before.ReasoningEffort {
				t.Errorf("settings changed after a rejected update")
			}
		})
	}
}

func TestResolve(t *testing.T) {
	st := Defaults()
	st.Providers["openai"] = ProviderSettings{BaseURL: "http://127.0.0.1:9/v1", Model: "gpt-x"}
	st.Custom = []CustomEndpoint{{Name: "box", BaseURL: "http://box:8000/v1", Model: "qwen"}}
	st.ActiveProvider, st.ActiveModel = "anthropic", "claude-z"
	env := map[string]string{"OLLAMA_HOST": "10.0.0.5:11434"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		id, url, model string
	}{
		{"openai", "http://127.0.0.1:9/v1", "gpt-x"},
		{"anthropic", "https://api.anthropic.com/v1", "claude-z"},
		{"ollama", "http://10.0.0.5:11434/v1", ""},
		{"custom:box", "http://box:8000/v1", "qwen"},
	}
	for _, tt := range tests {
		ep, err := st.Resolve(tt.id, getenv)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if ep.BaseURL != tt.url || ep.Model != tt.model {
			t.Errorf("%s: got %s %s, want %s %s", tt.id, ep.BaseURL, ep.Model, tt.url, tt.model)
		}
	}
	if _, err := st.Resolve("custom:missing", getenv); err == nil {
		t.Error("missing custom endpoint resolved")
	}
}

func TestTouchKeepsRecentWorkspacesNewestFirst(t *testing.T) {
	var s Settings
	for _, d := range []string{"/a", "/b", "/a", "/c"} {
		s.Touch(d)
	}
	if got := strings.Join(s.Recent, ","); got != "/c,/a,/b" {
		t.Errorf("Recent = %s", got)
	}
	for i := 0; i < 20; i++ {
		s.Touch(fmt.Sprintf("/w%d", i))
	}
	if len(s.Recent) != MaxRecent || s.Recent[0] != "/w19" {
		t.Errorf("Recent = %v", s.Recent)
	}
}

func TestThemeNameDefaultsToSystem(t *testing.T) {
	tests := []struct{ stored, want string }{{"", "system"}, {"light", "light"}, {"dark", "dark"}, {"system", "system"}}
	for _, tt := range tests {
		s := Defaults()
		s.Theme = tt.stored
		if err := s.Validate(); err != nil {
			t.Errorf("Validate(theme %q) = %v", tt.stored, err)
		}
		if got := s.ThemeName(); got != tt.want {
			t.Errorf("ThemeName(%q) = %q, want %q", tt.stored, got, tt.want)
		}
	}
}
