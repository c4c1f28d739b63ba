package skills_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/trust/trusttest"
)

func fixture(t *testing.T) (ws, home string) {
	ws, home = t.TempDir(), t.TempDir()
	trusttest.Files(t, ws, map[string]string{
		".claude/skills/pdf/SKILL.md":        "---\nname: pdf\ndescription: Fill in PDF forms.\n  Use for any .pdf file.\n---\n# PDF\nRun scripts/fill.py FORM-BODY-MARKER\n",
		".claude/skills/pdf/scripts/fill.py": "print('fill')\n",
		".agents/skills/broken/SKILL.md":     "no front matter, no description",
		"secret.txt":                         "WORKSPACE-SECRET",
	})
	trusttest.Files(t, home, map[string]string{".claude/skills/notes/SKILL.md": "---\nname: notes\ndescription: Keep meeting notes.\n---\nNOTES-BODY"})
	return ws, home
}

func run(t *testing.T, tl *Tool, p Params) (string, error) {
	t.Helper()
	b, _ := json.Marshal(p)
	return tl.Run(context.Background(), b)
}

func TestSkillsLoadOnDemandAndStayInTheirFolder(t *testing.T) {
	ws, home := fixture(t)
	proj := trusttest.Open(t, ws, trusttest.Trusted(t, ws))
	set, err := Load(Sources{Home: home, Project: proj.Skills})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range set.Enabled() {
		got = append(got, s.Scope+":"+s.Name+":"+s.Description)
	}
	if want := "user:notes:Keep meeting notes.|project:pdf:Fill in PDF forms. Use for any .pdf file."; strings.Join(got, "|") != want {
		t.Fatalf("skills = %q, want %q", strings.Join(got, "|"), want)
	}
	if held := proj.Held(trust.KindSkill); len(held) != 1 || !strings.Contains(held[0], "broken") || !strings.Contains(held[0], "no description") {
		t.Fatalf("a skill without a description should be held with its reason: %q", held)
	}
	tl := NewTool(set)
	tests := []struct {
		p       Params
		want    string
		wantErr string
	}{
		{Params{Name: "pdf"}, "FORM-BODY-MARKER", ""},
		{Params{Name: "pdf"}, "scripts/fill.py", ""},
		{Params{Name: "pdf", File: "scripts/fill.py"}, "print('fill')", ""},
		{Params{Name: "pdf", File: "../../../secret.txt"}, "", "outside the skill's folder"},
		{Params{Name: "pdf", File: "missing.md"}, "", "no such file"},
		{Params{Name: "nope"}, "", "the skills are: notes, pdf"},
	}
	for _, tt := range tests {
		out, err := run(t, tl, tt.p)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%+v: err = %v, want %q", tt.p, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !strings.Contains(out, tt.want) {
			t.Errorf("%+v = %q, %v; want %q", tt.p, out, err, tt.want)
		}
	}
}

func TestLinkOutOfASkillFolderIsRefused(t *testing.T) {
	ws, home := fixture(t)
	if err := os.Symlink(filepath.Join(ws, "secret.txt"), filepath.Join(home, ".claude/skills/notes/leak.txt")); err != nil {
		t.Skip("no symlinks here")
	}
	set, _ := Load(Sources{Home: home})
	if out, err := run(t, NewTool(set), Params{Name: "notes", File: "leak.txt"}); err == nil || strings.Contains(out, "WORKSPACE-SECRET") {
		t.Fatalf("a link out of the skill folder was followed: %q %v", out, err)
	}
}

func TestUntrustedAndDisabledSkillsAreNotOffered(t *testing.T) {
	ws, home := fixture(t)
	set, err := Load(Sources{Home: home, Project: trusttest.Open(t, ws, trust.NewStore(t.TempDir())).Skills,
		Enabled: func(n string) bool { return n != "notes" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Enabled()) != 0 {
		t.Fatalf("offered %+v", set.Enabled())
	}
	if len(set.All) != 1 || set.All[0].Name != "notes" || set.All[0].Enabled {
		t.Fatalf("all = %+v: the disabled user skill should still be listed, off", set.All)
	}
	if NewTool(set) != nil {
		t.Fatal("a tool with no skills was offered")
	}
}
