package worktree_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/internal/gittest"
)

// gitT runs git in dir for a test.
func gitT(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return gittest.Git(t, dir, args...)
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// newRepo is a git repository with files committed, and node_modules
// (ignored by .git/info/exclude) and notes.txt (untracked) left in its folder.
func newRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	gitT(t, dir, "init", "-q")
	write(t, filepath.Join(dir, ".git", "info", "exclude"), "node_modules/\n")
	for name, text := range files {
		write(t, filepath.Join(dir, name), text)
	}
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "-m", "start")
	write(t, filepath.Join(dir, "node_modules", "dep", "index.js"), "module.exports = 1\n")
	write(t, filepath.Join(dir, "notes.txt"), "mine, not committed\n")
	return dir
}

// digest is what "the folder is unchanged" means.
func digest(t testing.TB, dir string) string {
	t.Helper()
	return gittest.Digest(t, dir)
}
