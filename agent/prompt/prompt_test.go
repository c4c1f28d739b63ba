package prompt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestSystem(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "AGENTS.md"), []byte("Use tabs.\n"), 0o644)
	os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755)
	os.WriteFile(filepath.Join(ws, ".hearth", "instructions.md"), []byte("Answer in French."), 0o644)
	d := Data{Workspace: ws, OS: "linux", Date: time.Date(2026, 3, 4, 15, 0, 0, 0, time.UTC),
		Tools: []llm.ToolDef{{Name: "read_file", Description: "Read a file.\nMore detail.", Parameters: json.RawMessage(`{"type":"object"}`)}}}
	got, err := System(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{ws, "linux", "Wednesday, 4 March 2026", "Use tabs.", "Answer in French.", "# Instructions from AGENTS.md", "# Instructions from .hearth/instructions.md"} {
		if !strings.Contains(got, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, got)
		}
	}
	// Native tools carry their own definitions: the prompt does not repeat them.
	if strings.Contains(got, "read_file") || strings.Contains(got, "CLAUDE.md") {
		t.Errorf("unexpected content:\n%s", got)
	}
	// The stable rules come first and the workspace after them, so a
	// prompt cache keeps the rules across workspaces and days.
	if strings.Index(got, "You are Hearth") != 0 || strings.Index(got, ws) < strings.Index(got, "Be brief") {
		t.Errorf("the stable part is not first:\n%s", got)
	}
	if strings.Index(got, "Use tabs.") > strings.Index(got, "Answer in French.") {
		t.Error("instruction files out of order")
	}
	// Stable: a later time the same day renders the same prompt.
	d.Date = d.Date.Add(5 * time.Hour)
	again, _ := System(d)
	if again != got {
		t.Error("prompt changed within the day")
	}
	d.TextProtocol = true
	tp, _ := System(d)
	if !strings.Contains(tp, `{"tool": "<tool name>"`) || !strings.Contains(tp, `Arguments schema: {"type":"object"}`) ||
		!strings.Contains(tp, "## read_file\nRead a file.\nMore detail.") {
		t.Errorf("text protocol section missing:\n%s", tp)
	}
	if strings.Index(tp, "# Calling tools") > strings.Index(tp, ws) {
		t.Errorf("the text protocol, the same in every workspace, comes after the workspace:\n%s", tp)
	}
}

func TestInstructionsTruncated(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "CLAUDE.md"), []byte(strings.Repeat("x", MaxInstructionBytes+100)), 0o644)
	got, err := System(Data{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "[truncated") || strings.Count(got, "x") > MaxInstructionBytes+50 {
		t.Error("large instruction file not truncated")
	}
}

func TestCompacted(t *testing.T) {
	got, err := Compacted("We fixed the parser.", []string{"Fix the parser", "No, keep the old API\nexactly"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"We fixed the parser.", "- Fix the parser", "- No, keep the old API\n  exactly"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if !strings.Contains(Summarize(), "summary") {
		t.Error("summarize prompt empty")
	}
}

// The small prompt is shorter than the standard one.
func TestSmallPromptIsShorter(t *testing.T) {
	d := Data{Workspace: "/w", OS: "linux"}
	std, err := Static(d)
	if err != nil {
		t.Fatal(err)
	}
	d.Profile = Small
	small, err := Static(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(small) >= len(std)*3/4 || !strings.Contains(small, "Workspace: /w") {
		t.Errorf("small prompt (%d bytes) is not much shorter than the standard one (%d):\n%s", len(small), len(std), small)
	}
}

func TestProfileFor(t *testing.T) {
	for _, tt := range []struct {
		window int
		want   Profile
	}{{0, Standard}, {4096, Small}, {SmallWindow - 1, Small}, {SmallWindow, Standard}, {200_000, Standard}} {
		if got := ProfileFor(tt.window); got != tt.want {
			t.Errorf("ProfileFor(%d) = %q, want %q", tt.window, got, tt.want)
		}
	}
}

func TestChooseHoldsThePersonsChoice(t *testing.T) {
	for _, tt := range []struct {
		chosen string
		window int
		want   Profile
	}{
		{"", 8192, Small}, {"", 128_000, Standard}, {"", 0, Standard},
		{"standard", 8192, Standard}, {"small", 128_000, Small}, {"small", 0, Small},
	} {
		if got := Choose(tt.chosen, tt.window); got != tt.want {
			t.Errorf("Choose(%q, %d) = %q, want %q", tt.chosen, tt.window, got, tt.want)
		}
	}
}
