package probe

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/provider"
)

func TestInstalledLooksOnPathThenInTheInstallersPlaces(t *testing.T) {
	lms, _ := provider.Lookup("lmstudio")
	notOnPath := func(string) (string, error) { return "", errors.New("not found") }
	home := t.TempDir()
	if got := Installed(lms, home, notOnPath); got != "" {
		t.Fatalf("nothing installed, yet found %q", got)
	}
	bin := filepath.Join(home, ".lmstudio", "bin", "lms")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := Installed(lms, home, notOnPath); got != bin {
		t.Fatalf("Installed = %q, want %q", got, bin)
	}
	onPath := func(name string) (string, error) { return "/usr/bin/" + name, nil }
	if got := Installed(lms, home, onPath); got != "/usr/bin/lms" {
		t.Fatalf("PATH first: got %q", got)
	}
	openai, _ := provider.Lookup("openai")
	if got := Installed(openai, home, onPath); got != "" {
		t.Fatalf("a cloud provider has no program, got %q", got)
	}
}
