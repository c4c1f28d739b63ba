package packaging

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// needTool finds a program the test runs; scripts/setup.sh installs them
// all, so CI fails rather than skips when one is missing.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed (scripts/setup.sh installs it)", name)
		}
		t.Skipf("%s is not installed (scripts/setup.sh installs it)", name)
	}
	return p
}

// run runs a command with a scratch HOME and returns its stdout; stderr
// must stay empty.
func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, needTool(t, name), args...)
	home := t.TempDir()
	cmd.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home, "XDG_DATA_HOME=" + home, "PATH=/usr/bin:/bin", "LANG=C.UTF-8"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("%s %q: %v\n%s", name, args, err, stderr.Bytes())
	}
	return stdout.String()
}

func completions(t *testing.T) (Completions, string) {
	t.Helper()
	h, err := ReadHelp(cliHelp)
	if err != nil {
		t.Fatal(err)
	}
	c := MakeCompletions(h)
	dir := t.TempDir()
	for name, data := range map[string][]byte{"hearth.bash": c.Bash, "_hearth": c.Zsh, "hearth.fish": c.Fish} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return c, dir
}

var completionCases = []struct {
	line string // what was typed, completing its last word
	want string
}{
	{"hearth ke", "keys"},
	{"hearth --ver", "--version"},
	{"hearth keys ", "delete"},
	{"hearth mcp ", "login"},
	{"hearth sessions ex", "export"},
	{"hearth run --work", "--workspace"},
	{"hearth serve --", "--help"},
}

func TestBashCompletesCommandsSubcommandsAndFlags(t *testing.T) {
	_, dir := completions(t)
	for _, tc := range completionCases {
		words := strings.Fields(tc.line)
		if strings.HasSuffix(tc.line, " ") {
			words = append(words, "")
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+w+"'")
		}
		script := "source " + filepath.Join(dir, "hearth.bash") + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			strconv.Itoa(len(words)-1) + "\n_hearth\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		got := strings.Fields(run(t, "bash", "--norc", "--noprofile", "-c", script))
		if !slices.Contains(got, tc.want) {
			t.Errorf("bash: %q completes to %v, want %s among them", tc.line, got, tc.want)
		}
	}
}

func TestFishCompletesCommandsSubcommandsAndFlags(t *testing.T) {
	_, dir := completions(t)
	for _, tc := range completionCases {
		out := run(t, "fish", "--no-config", "-c", "source "+filepath.Join(dir, "hearth.fish")+"; complete -C '"+tc.line+"'")
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			name, _, _ := strings.Cut(line, "\t")
			got = append(got, name)
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("fish: %q completes to %v, want %s among them", tc.line, got, tc.want)
		}
	}
}

func TestZshCompletionParses(t *testing.T) {
	c, dir := completions(t)
	run(t, "zsh", "-n", filepath.Join(dir, "_hearth"))
	for _, want := range []string{"#compdef hearth\n", "'keys:manage provider keys in the OS keychain'", "compadd -- list get add remove login"} {
		if !bytes.Contains(c.Zsh, []byte(want)) {
			t.Errorf("the zsh completion lacks %q", want)
		}
	}
}

func TestManPageRendersEveryCommand(t *testing.T) {
	h, err := ReadHelp(cliHelp)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "hearth.1")
	if err := os.WriteFile(page, ManPage(h, "1.2.3", mtime), 0o644); err != nil {
		t.Fatal(err)
	}
	// -ww reports every warning on stderr, which run fails on.
	text := run(t, "groff", "-man", "-Tutf8", "-ww", "-P-cbou", page)
	for _, want := range []string{"HEARTH(1)", "hearth 1.2.3", "2026-11-01", "--version", "Usage: hearth run [--workspace DIR]", "-approve-plan"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered page lacks %q", want)
		}
	}
	for _, c := range h.Commands {
		if !strings.Contains(text, "\n   "+c.Name+"\n") {
			t.Errorf("the rendered page has no section for %s", c.Name)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}
