//go:build linux

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunRefusesTheAttackersClasses replays the security report against
// `hearth run --approve never`: a model steered by a hostile repository
// asks for commands that looked read-only but run programs, read outside
// through option arguments and links, or use the repository's git config.
// None may run, and nothing may reach the canary directory or the secret.
func TestRunRefusesTheAttackersClasses(t *testing.T) {
	tests := []struct{ name, command string }{
		{"sort compress program, abbreviated", "sort --compress-prog=./evil.sh -S 1 in.txt"},
		{"git grep pager, abbreviated", "git grep --open-files=./evil.sh x"},
		{"go list toolexec", "go list -toolexec=./evil.sh ./..."},
		{"git status with the repository's fsmonitor", "git status"},
		{"sort files0-from outside", "sort --files0-from=OUTSIDE/list"},
		{"date reading a file outside", "date -f OUTSIDE/secret"},
		{"cd into a folder before a link", "cd sub && cat key"},
		{"a link whose target does not exist yet", "cat later"},
		{"writing git hooks through a link", "echo x > hooks/pre-commit"},
		{"rg preprocessor", "rg --pre ./evil.sh x"},
		{"find writing a file", "find . -fprint OUTSIDE/planted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, outside := t.TempDir(), t.TempDir()
			canary := filepath.Join(outside, "canary")
			files := map[string]string{
				"in.txt":      "b\na\n",
				"evil.sh":     "#!/bin/sh\ntouch " + canary + "\n",
				".git/config": "[core]\n\tfsmonitor = ./evil.sh\n",
				".git/HEAD":   "ref: refs/heads/main\n",
			}
			for p, body := range files {
				full := filepath.Join(ws, p)
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, []byte(body), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			os.WriteFile(filepath.Join(outside, "secret"), []byte("TOPSECRET\n"), 0o600)
			os.WriteFile(filepath.Join(outside, "list"), []byte(filepath.Join(outside, "secret")+"\x00"), 0o600)
			os.MkdirAll(filepath.Join(ws, "sub"), 0o755)
			os.Symlink(filepath.Join(outside, "secret"), filepath.Join(ws, "sub", "key"))
			os.Symlink(filepath.Join(outside, "later"), filepath.Join(ws, "later"))
			os.Symlink(".git/hooks", filepath.Join(ws, "hooks"))
			os.MkdirAll(filepath.Join(ws, ".git", "hooks"), 0o755)

			command := strings.ReplaceAll(tc.command, "OUTSIDE", outside)
			args, _ := json.Marshal(map[string]string{"command": command})
			s := newLLMServer(t, toolReply("call_1", "shell", string(args)), textReply("done"))
			code, out, errOut := runIn(t, t.TempDir(), "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
				"--base-url", s.srv.URL+"/v1", "--approve", "never", "--json", "look around")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if !strings.Contains(out, `"status":"denied"`) {
				t.Errorf("%q was not denied: %s", command, out)
			}
			if strings.Contains(out, "TOPSECRET") {
				t.Errorf("%q leaked the secret", command)
			}
			if _, err := os.Stat(canary); err == nil {
				t.Errorf("%q ran the repository's program", command)
			}
			for _, f := range []string{filepath.Join(outside, "planted"), filepath.Join(ws, ".git", "hooks", "pre-commit")} {
				if _, err := os.Stat(f); err == nil {
					t.Errorf("%q wrote %s", command, f)
				}
			}
		})
	}
}
