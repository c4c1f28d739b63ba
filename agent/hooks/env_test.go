//go:build unix

package hooks

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A hook runs with Hearth's environment scrubbed like every child's: no
// provider key, other LLM credential or Hearth token reaches it, while the
// rest of the environment and the project variables do.
func TestHookEnvIsScrubbed(t *testing.T) {
	for k, v := range map[string]string{"OPENAI_API_KEY": "sk-parent-openai", "ANTHROPIC_API_KEY": "sk-parent-ant",
		"GEMINI_API_KEY": "parent-gemini", "HEARTH_API_TOKEN": "parent-token", "HOOKTEST_KEEP": "kept"} {
		t.Setenv(k, v)
	}
	home, ws := t.TempDir(), t.TempDir()
	out := filepath.Join(ws, "env.txt")
	settings := `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"env > env.txt"}]}]}}`
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := Load(Sources{Home: home, Workspace: ws})
	if err != nil || len(set.Broken) > 0 {
		t.Fatal(err, set.Broken)
	}
	res := set.Fire(context.Background(), UserPromptSubmit, "", Input{}, nil)
	if len(res.Runs) != 1 || res.Runs[0].ExitCode != 0 {
		t.Fatalf("runs %+v", res.Runs)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	env := "\n" + string(b)
	for _, leaked := range []string{"OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "GEMINI_API_KEY=", "HEARTH_API_TOKEN="} {
		if strings.Contains(env, "\n"+leaked) {
			t.Errorf("the hook's environment holds %s", leaked)
		}
	}
	for _, kept := range []string{"HOOKTEST_KEEP=kept", "CLAUDE_PROJECT_DIR=" + ws, "HEARTH_PROJECT_DIR=" + ws} {
		if !strings.Contains(env, "\n"+kept+"\n") {
			t.Errorf("the hook's environment lacks %s", kept)
		}
	}
}
