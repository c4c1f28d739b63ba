package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/trust"
)

// The composer's picker lists built-ins, the project's commands and the
// MCP servers' prompts with their descriptions and argument hints;
// Settings lists skills (a project's once trusted) and turns one off.
func TestListCommandsAndSkills(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	a, cfg := newTestApp(t, nil)
	if err := os.WriteFile(filepath.Join(cfg, "mcp.json"), []byte(`{"mcpServers": {"ev": {"command": "`+everything+`", "args": ["stdio"]}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	for rel, body := range map[string]string{
		".claude/commands/frontend/review.md": "---\ndescription: Review the frontend\nargument-hint: <component>\n---\nReview $1",
		".claude/skills/pdf/SKILL.md":         "---\nname: pdf\ndescription: Fill PDF forms\n---\nbody",
	} {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	waitMCP(t, a)
	cmds, err := a.h.Composer.ListCommands()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]CommandView{}
	for _, c := range cmds {
		got[c.Name] = c
	}
	if c := got["frontend:review"]; c.Description != "Review the frontend" || c.ArgumentHint != "<component>" || c.Scope != "project" {
		t.Errorf("project command = %+v", c)
	}
	if c := got["compact"]; c.Scope != "builtin" || c.ArgumentHint != "[focus]" {
		t.Errorf("built-in = %+v", c)
	}
	if c := got["ev:args-prompt"]; c.Scope != "mcp" || !strings.Contains(c.ArgumentHint, "<city>") {
		t.Errorf("MCP prompt = %+v", c)
	}
	skills, err := a.h.Composer.ListSkills()
	if err != nil || len(skills) != 0 {
		t.Fatalf("an untrusted project's skills were listed: %+v %v", skills, err)
	}
	items, err := trust.List(ws)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.trustStore().Trust(ws, items...); err != nil {
		t.Fatal(err)
	}
	if skills, _ = a.h.Composer.ListSkills(); len(skills) != 1 || !skills[0].Enabled {
		t.Fatalf("skills = %+v", skills)
	}
	if skills, err = a.h.Composer.SetSkillEnabled("pdf", false); err != nil || skills[0].Enabled {
		t.Fatalf("after turning off: %+v %v", skills, err)
	}
	if st := a.deps.Settings.Get(); len(st.DisabledSkills) != 1 || st.DisabledSkills[0] != "pdf" {
		t.Fatalf("settings = %v", st.DisabledSkills)
	}
	if _, err := a.h.Composer.SetSkillEnabled(" ", false); err == nil {
		t.Fatal("an empty skill name was accepted")
	}
}
