package assembly

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/skills"
)

// TestBuildCacheSeesChanges builds the same agent twice with one cache,
// changing one input between the builds: the second system prompt must be
// the one built without a cache, and differ from the first.
func TestBuildCacheSeesChanges(t *testing.T) {
	noKey := func(context.Context, string) (string, error) { return "", nil }
	base := func(ws string) Spec {
		return Spec{Settings: settings.Defaults(), ProviderID: "openai-compatible", BaseURL: "http://127.0.0.1:9/v1",
			Model: "m", Workspace: ws, CacheDir: t.TempDir()}
	}
	skill := &skills.Set{All: []skills.Skill{{Name: "release-notes", Description: "Writes release notes from git log", Enabled: true, Dir: t.TempDir()}}}
	tests := []struct {
		name   string
		change func(t *testing.T, s *Spec)
		want   string // in the second prompt only
	}{
		{"skill added", func(t *testing.T, s *Spec) { s.Skills = skill }, "release-notes"},
		{"plan mode", func(t *testing.T, s *Spec) { s.Tools.Planning = true }, "propose_plan"},
		{"instructions edited", func(t *testing.T, s *Spec) {
			if err := os.WriteFile(filepath.Join(s.Workspace, "AGENTS.md"), []byte("Always answer in haiku."), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "Always answer in haiku."},
		{"workspace moved", func(t *testing.T, s *Spec) {
			s.Workspace = filepath.Join(t.TempDir(), "elsewhere")
			if err := os.Mkdir(s.Workspace, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "elsewhere"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := NewCache()
			spec := base(t.TempDir())
			spec.Cache = cache
			first, err := Build(context.Background(), noKey, spec)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(first.System, tt.want) {
				t.Fatalf("the first prompt already holds %q", tt.want)
			}
			tt.change(t, &spec)
			second, err := Build(context.Background(), noKey, spec)
			if err != nil {
				t.Fatal(err)
			}
			spec.Cache = nil
			fresh, err := Build(context.Background(), noKey, spec)
			if err != nil {
				t.Fatal(err)
			}
			if second.System != fresh.System || !strings.Contains(second.System, tt.want) {
				t.Errorf("cached prompt is stale: holds %q = %v, equals an uncached build = %v",
					tt.want, strings.Contains(second.System, tt.want), second.System == fresh.System)
			}
		})
	}
}

// TestCacheKeyInputs checks that every input of the static prompt, the
// date included, changes its key, and that the time of day does not.
func TestCacheKeyInputs(t *testing.T) {
	day := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	tool := llm.ToolDef{Name: "read", Description: "Reads a file", Parameters: json.RawMessage(`{"type":"object"}`)}
	d := prompt.Data{Workspace: "/w", OS: "linux", Date: day, Tools: []llm.ToolDef{tool}}
	later := d
	later.Date = day.Add(14 * time.Hour)
	if promptKey(d) != promptKey(later) {
		t.Error("a later hour of the same day misses the cache")
	}
	variants := map[string]func(*prompt.Data){
		"next day":   func(d *prompt.Data) { d.Date = day.AddDate(0, 0, 1) },
		"tool added": func(d *prompt.Data) { d.Tools = append(d.Tools, llm.ToolDef{Name: "mcp__gh__issues"}) },
		"schema change": func(d *prompt.Data) {
			d.Tools = []llm.ToolDef{{Name: tool.Name, Description: tool.Description, Parameters: json.RawMessage(`{}`)}}
		},
		"skill":         func(d *prompt.Data) { d.Skills = []prompt.Skill{{Name: "s"}} },
		"planning":      func(d *prompt.Data) { d.Planning = true },
		"small profile": func(d *prompt.Data) { d.Profile = prompt.Small },
		"text protocol": func(d *prompt.Data) { d.TextProtocol = true },
		"os":            func(d *prompt.Data) { d.OS = "windows" },
		"boundary":      func(d *prompt.Data) { d.Workspace, d.OS = "/wl", "inux" },
	}
	for name, change := range variants {
		v := d
		change(&v)
		if promptKey(v) == promptKey(d) {
			t.Errorf("%s: same key", name)
		}
	}
}

// TestCacheWindowExpires checks that a probed window is reused for a
// while and then probed again.
func TestCacheWindowExpires(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	c := NewCache()
	c.now = func() time.Time { return now }
	c.keepWindow("k", probed{window: 8192, ok: true})
	if p, ok := c.window("k"); !ok || p.window != 8192 {
		t.Fatalf("fresh window not kept: %+v %v", p, ok)
	}
	if _, ok := c.window("other"); ok {
		t.Error("another server's window was found")
	}
	now = now.Add(windowTTL + time.Second)
	if _, ok := c.window("k"); ok {
		t.Error("an expired window was reused")
	}
}
