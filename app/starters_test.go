package app

import (
	"os"
	"path/filepath"
	"testing"
)

func TestStarterPromptsFollowTheFolder(t *testing.T) {
	a, _, ws := chatApp(t, &scriptedProvider{}, "ask")
	labels := func() []string {
		var out []string
		for _, s := range a.h.Composer.StarterPrompts() {
			out = append(out, s.Label)
		}
		return out
	}
	if got := labels(); len(got) != 1 || got[0] != "Explain this project" {
		t.Fatalf("a folder without tests offers %v", got)
	}
	if err := os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := a.h.Composer.StarterPrompts()
	if len(got) != 2 || got[1].Label != "Run the tests" || got[1].Prompt != "Run the tests with `go test ./...` and summarise what fails and why." {
		t.Errorf("a Go module offers %+v", got)
	}
}
