package permission

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// fixtureEnv builds a cloned-repository workspace at HOME/proj with the
// traps a hostile repository can carry: symlinks leading out (to a file, a
// directory, a missing file, through a relative hop), a FIFO, a clean .git,
// and a secret beside the workspace.
func fixtureEnv(t *testing.T) ShellEnv {
	t.Helper()
	root := t.TempDir()
	home := filepath.Join(root, "home", "u")
	ws := filepath.Join(home, "proj")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{ws + "/src", ws + "/sub/deep", ws + "/.git/hooks", ws + "/.hearth", outside + "/dir", home + "/.ssh"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		ws + "/README.md": "hi\n", ws + "/a.txt": "a\n", ws + "/b.txt": "b\n", ws + "/go.mod": "module x\n",
		ws + "/main.go": "package main\n", ws + "/in.txt": "in\n", ws + "/src/x.go": "package src\n",
		ws + "/.git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote \"origin\"]\n\turl = https://example.test/x.git\n",
		ws + "/.git/HEAD":   "ref: refs/heads/main\n", outside + "/secret": "secret\n", home + "/.ssh/id_rsa": "key\n",
	}
	for f, body := range files {
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		ws + "/d/key":        outside + "/secret",
		ws + "/linkdir":      outside + "/dir",
		ws + "/dangling":     outside + "/not-yet",
		ws + "/sub/up":       "../../../outside", // relative: HOME/outside does not exist, ROOT/outside does
		ws + "/sub/deep/hop": "../../../../..",   // ROOT
		ws + "/hooks":        ".git/hooks",
		ws + "/inside":       "src",
	}
	for l, target := range links {
		if err := os.MkdirAll(filepath.Dir(l), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(ws+"/fifo", 0o644); err != nil {
		t.Fatal(err)
	}
	return ShellEnv{Workspace: ws, Home: home, Path: "/usr/bin:/bin"}
}
