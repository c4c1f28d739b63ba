package subagent

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, file string
		want       Def
		err        string
	}{
		{name: "claude code format", file: "---\nname: code-reviewer\ndescription: Reviews code. Use after edits.\ntools: Read, Grep, Glob, Bash, WebFetch, WebSearch\nmodel: sonnet\n---\nYou are a senior reviewer.\n",
			want: Def{Name: "code-reviewer", Description: "Reviews code. Use after edits.", Tools: []string{"read_file", "grep", "glob", "shell", "web_fetch", "web_search"}, Instructions: "You are a senior reviewer."}},
		{name: "yaml list and haiku", file: "---\nname: quick\ndescription: \"Fast: looks things up\"\ntools:\n  - read_file\n  - mcp__docs__get_page\nmodel: haiku\n---\n\nBody\n",
			want: Def{Name: "quick", Description: "Fast: looks things up", Tools: []string{"read_file", "mcp__docs__get_page"}, Fast: true, Instructions: "Body"}},
		{name: "no tools inherits", file: "---\nname: helper\ndescription: Helps\nmodel: inherit\n---\nHelp.",
			want: Def{Name: "helper", Description: "Helps", Instructions: "Help."}},
		{name: "explicit model", file: "---\nname: big\ndescription: d\nmodel: gpt-5\n---\nx", want: Def{Name: "big", Description: "d", Model: "gpt-5", Instructions: "x"}},
		{name: "no front matter", file: "# Just Markdown", err: "no front matter"},
		{name: "unclosed", file: "---\nname: x\n", err: "no closing"},
		{name: "bad name", file: "---\nname: Bad Name\ndescription: d\n---\n", err: "lowercase"},
		{name: "no description", file: "---\nname: x\n---\n", err: "description is required"},
		{name: "bad yaml", file: "---\nname: [x\n---\n", err: "front matter"},
		{name: "bad tools", file: "---\nname: x\ndescription: d\ntools: {a: 1}\n---\n", err: "tools"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("a.md", []byte(tt.file))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			got.Source = ""
			if err != nil || got.Name != tt.want.Name || got.Description != tt.want.Description || !slices.Equal(got.Tools, tt.want.Tools) ||
				got.Model != tt.want.Model || got.Fast != tt.want.Fast || got.Instructions != tt.want.Instructions {
				t.Fatalf("got %+v, %v\nwant %+v", got, err, tt.want)
			}
		})
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The user's agents load from their home; the workspace's come from
// agent/trust (only trusted ones; see its tests) and override one of the
// same name.
func TestLoadTakesProjectAgentsOverTheUsers(t *testing.T) {
	home := t.TempDir()
	write(t, filepath.Join(home, ".claude/agents/mine.md"), "---\nname: mine\ndescription: the user's\n---\nMine.")
	write(t, filepath.Join(home, ".hearth/agents/broken.md"), "no front matter")
	names := func(defs []Def) []string {
		var out []string
		for _, d := range defs {
			out = append(out, d.Name+"="+d.Description)
		}
		return out
	}
	defs, errs := Load(LoadOptions{Home: home})
	got := names(defs)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "broken.md") {
		t.Errorf("errors %v", errs)
	}
	if len(got) != 3 || !strings.HasPrefix(got[0], "explore=") || !strings.HasPrefix(got[1], "general=") || got[2] != "mine=the user's" {
		t.Fatalf("no project: %q", got)
	}
	var project []Def
	for _, src := range []string{"---\nname: proj\ndescription: the project's\n---\nProj.", "---\nname: mine\ndescription: the project's mine\n---\nOverride."} {
		d, err := Parse("proj.md", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		project = append(project, d)
	}
	defs, _ = Load(LoadOptions{Home: home, Project: project})
	if got = names(defs); !slices.Contains(got, "proj=the project's") || !slices.Contains(got, "mine=the project's mine") || len(got) != 4 {
		t.Fatalf("with the project's: %q", got)
	}
}
