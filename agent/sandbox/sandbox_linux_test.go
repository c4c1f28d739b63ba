package sandbox

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func needLandlock(t *testing.T) {
	t.Helper()
	if !Available().Active() {
		t.Skip("kernel without Landlock")
	}
}

func lookAll(t *testing.T, names ...string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		p, err := exec.LookPath(n)
		if err != nil {
			t.Skipf("%s not installed", n)
		}
		out = append(out, p)
	}
	return out
}

// run starts bash -c line under p in dir and returns its combined output
// and exit code.
func run(t *testing.T, p Policy, dir, line string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := Start(cmd, p); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", line, err)
	}
	return out.String(), cmd.ProcessState.ExitCode()
}

func TestReadOnlyPolicyContains(t *testing.T) {
	needLandlock(t)
	ws, outside, tmp := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "in.txt"), []byte("inside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	p := ReadOnly(ws, tmp, append(lookAll(t, "bash", "cat", "ls", "sort"), "/bin/bash"))

	tests := []struct {
		name, line string
		ok         bool
		want       string // in the output when ok
	}{
		{"reads the workspace", "cat in.txt", true, "inside"},
		{"lists the workspace", "ls", true, "in.txt"},
		{"pipes between allowed programs", "cat in.txt | sort", true, "inside"},
		{"writes its temp dir", "echo t > " + tmp + "/x && cat " + tmp + "/x", true, "t"},
		{"writes /dev/null", "cat in.txt > /dev/null && echo fine", true, "fine"},
		{"cannot read outside", "cat " + outside + "/secret", false, ""},
		{"cannot list outside", "ls " + outside, false, ""},
		{"cannot read /etc/shadow", "cat /etc/shadow", false, ""},
		{"cannot write the workspace", "echo x > new.txt", false, ""},
		{"cannot write outside", "echo x > " + outside + "/planted", false, ""},
		{"cannot run an unlisted program", "touch " + tmp + "/t", false, ""},
		{"cannot run a copied program", "cp /usr/bin/touch " + tmp + "/t", false, ""},
		{"cannot connect", "exec 3<>/dev/tcp/127.0.0.1/" + strconv.Itoa(port), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code := run(t, p, ws, tt.line)
			if tt.ok && (code != 0 || !strings.Contains(out, tt.want)) {
				t.Fatalf("%q: exit %d, output %q; want success with %q", tt.line, code, out, tt.want)
			}
			if !tt.ok && (code == 0 || !denied(out)) {
				t.Fatalf("%q: exit %d, output %q; want a permission error", tt.line, code, out)
			}
		})
	}
	for _, f := range []string{filepath.Join(ws, "new.txt"), filepath.Join(outside, "planted"), filepath.Join(tmp, "t")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was created", f)
		}
	}
}

func TestApprovedPolicyWritesOnlyWorkspace(t *testing.T) {
	needLandlock(t)
	ws, outside, tmp := t.TempDir(), t.TempDir(), t.TempDir()
	p := Approved(ws, tmp)
	if out, code := run(t, p, ws, "touch made && mkdir -p d && echo ok"); code != 0 || !strings.Contains(out, "ok") {
		t.Fatalf("approved command failed: %d %s", code, out)
	}
	if _, code := run(t, p, ws, "touch "+outside+"/planted"); code == 0 {
		t.Fatal("approved command wrote outside the workspace")
	}
	if _, err := os.Stat(filepath.Join(outside, "planted")); err == nil {
		t.Fatal("file planted outside")
	}
}

// TestHearthStaysUnrestricted: the sandbox is applied to the thread that
// forks the command, never to Hearth's other threads, so after many
// contained commands every goroutine can still read and write anywhere.
func TestHearthStaysUnrestricted(t *testing.T) {
	needLandlock(t)
	ws, outside, tmp := t.TempDir(), t.TempDir(), t.TempDir()
	p := ReadOnly(ws, tmp, lookAll(t, "bash", "true"))
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, code := run(t, p, ws, "true"); code != 0 {
				t.Errorf("contained true exited %d", code)
			}
		}()
	}
	wg.Wait()
	errs := make(chan error, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := filepath.Join(outside, "f"+strconv.Itoa(i))
			if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
				errs <- err
				return
			}
			if _, err := os.ReadFile(f); err != nil {
				errs <- err
			}
			if _, err := exec.Command("true").Output(); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("Hearth itself was restricted: %v", err)
	}
}

// denied reports whether output shows the kernel refusing an access.
func denied(out string) bool {
	return strings.Contains(out, "Permission denied") || strings.Contains(out, "Operation not permitted")
}
