//go:build linux

package tools

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/sandbox"
	"github.com/hearth-agent/hearth/agent/tool"
)

func needSandbox(t *testing.T) {
	t.Helper()
	if !sandbox.Available().Active() {
		t.Skip("no Landlock on this kernel")
	}
}

// gitRepo makes dir a repository with one commit, as a cloned one is.
func gitRepo(t *testing.T, dir string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "first"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestReadOnlyCommandsWorkContained: what the parser lets run unasked
// still does its job inside the sandbox.
func TestReadOnlyCommandsWorkContained(t *testing.T) {
	needSandbox(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
	ws, tools := newWS(t, map[string]string{"a.txt": "beta\nalpha\nbeta\n", "src/x.go": "package x // TODO\n"}, Config{})
	gitRepo(t, ws)
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("beta\nalpha\ngamma\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ line, want string }{
		{"cat a.txt | sort | uniq -c", "1 alpha"},
		{"ls -la src", "x.go"},
		{"grep -rn TODO .", "src/x.go:1"},
		{"find . -name '*.go' -type f", "./src/x.go"},
		{"wc -l a.txt", "3 a.txt"},
		{"git status --porcelain", "M a.txt"},
		{"git log --oneline -1", "first"},
		{"git diff --stat", "a.txt"},
		{"timeout 5 head -1 a.txt", "beta"},
		{"cd src && cat x.go", "package x"},
		{"echo $TMPDIR", "hearth-cmd-"},
		{"echo $XDG_RUNTIME_DIR", "hearth-cmd-"},
		{"echo bus=$DBUS_SESSION_BUS_ADDRESS.", "bus=."},
	}
	for _, tt := range tests {
		out := mustRun(t, tools["shell"], ShellParams{Command: tt.line})
		if !strings.HasPrefix(out, "exit code: 0") || !strings.Contains(out, tt.want) {
			t.Errorf("%q: got %q, want exit 0 and %q", tt.line, out, tt.want)
		}
	}
	// git status must not have written the index (the workspace is read-only to it).
	if _, err := os.Stat(filepath.Join(ws, ".git", "index.lock")); err == nil {
		t.Error("git left an index.lock")
	}
}

// TestSandboxHoldsWhenTheParserErrs: a command mis-judged read-only (the
// test stands in for a parser mistake) still cannot write outside its temp
// dir, write the workspace, read outside it, or run a program nobody judged.
func TestSandboxHoldsWhenTheParserErrs(t *testing.T) {
	needSandbox(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("TOPSECRET\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sortPath, err := exec.LookPath("sort")
	if err != nil {
		t.Skip("no sort")
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- struct{}{}
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ws, tools := newWS(t, map[string]string{"in.txt": "b\na\n"}, Config{})
	misjudged = func(string) (permission.Clearance, bool) {
		return permission.Clearance{ReadOnly: true, Programs: []string{sortPath}}, true
	}
	t.Cleanup(func() { misjudged = nil })
	hostile := []string{
		"echo pwned > " + outside + "/planted",
		"sort --compress-program=touch -S 1 in.txt; touch " + outside + "/touched",
		"cp in.txt " + outside + "/copied",
		"echo x > in2.txt",
		"mkdir " + outside + "/dir",
		"cat " + outside + "/secret",
		"sort " + outside + "/secret",
		"ln -s " + outside + " link",
		"exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo connected",
		"bash -c 'echo nested > " + outside + "/nested'",
	}
	for _, line := range hostile {
		out, _ := run(t, tools["shell"], ShellParams{Command: line})
		if strings.Contains(out, "TOPSECRET") || strings.Contains(out, "connected") {
			t.Errorf("%q leaked: %q", line, out)
		}
	}
	select {
	case <-accepted:
		t.Error("a contained command connected to a local server")
	default:
	}
	entries, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("outside holds %v, want only the secret", names)
	}
	for _, f := range []string{"in2.txt", "link"} {
		if _, err := os.Lstat(filepath.Join(ws, f)); err == nil {
			t.Errorf("%s was written in the workspace", f)
		}
	}
}

// TestApprovedCommandsRunOutsideTheSandbox: a command the person approved
// (here by mode) is not confined unless Settings asks for it.
func TestApprovedCommandsContainedOnlyWhenAsked(t *testing.T) {
	needSandbox(t)
	outside := t.TempDir()
	for _, contain := range []bool{false, true} {
		_, tools := newWS(t, nil, Config{Approve: ApproveAll, ContainApproved: contain})
		target := filepath.Join(outside, "made")
		_ = os.Remove(target)
		out, runErr := run(t, tools["shell"], ShellParams{Command: "touch made && touch " + target})
		if _, exited := tool.ExitCode(runErr); runErr != nil && !exited {
			t.Fatal(runErr)
		}
		if code, _ := tool.ExitCode(runErr); contain != (code != 0) {
			t.Errorf("contain=%v: exit code %d; the refused write should fail the command", contain, code)
		}
		_, err := os.Stat(target)
		if contain == (err == nil) {
			t.Errorf("contain=%v: outside file exists=%v (%s)", contain, err == nil, out)
		}
	}
}
