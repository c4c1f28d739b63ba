package oneshot

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/trust/trusttest"
	"github.com/hearth-agent/hearth/knowledge"
)

// workspace writes files into a fresh folder and returns it.
func workspace(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	trusttest.Files(t, dir, files)
	return dir
}

// holder opens the index as the window does (watching, with knowledge
// folders) and answers one-shots until the test ends.
func holder(t *testing.T, opts knowledge.Options) *knowledge.Index {
	t.Helper()
	x, err := knowledge.Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	stop := Answer(x)
	t.Cleanup(func() { stop(); x.Close() })
	return x
}

// listenAsHolder listens where the holder of opts's index would answer.
func listenAsHolder(t *testing.T, opts knowledge.Options) net.Listener {
	t.Helper()
	dir, err := knowledge.DirOf(opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", socketPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

func paths(res knowledge.Results) []string {
	var out []string
	for _, h := range res.Hits {
		out = append(out, h.Source+":"+h.Path)
	}
	return out
}

func TestTheHolderAnswersAOneShotOverTheWorkspaceOnly(t *testing.T) {
	ws := workspace(t, map[string]string{"src/clock.go": "package clock\n\nfunc ParseDuration(s string) {}\n"})
	notes := workspace(t, map[string]string{"notes.md": "ParseDuration reads 1h30m\n"})
	cache := t.TempDir()
	holder(t, knowledge.Options{Workspace: ws, CacheDir: cache, Folders: []knowledge.Folder{{Label: "notes", Path: notes}}})
	opts := knowledge.Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true}

	res, asked, err := ask(t.Context(), opts, "ParseDuration", 10)
	if err != nil || !asked {
		t.Fatalf("ask = asked %v, %v; want the holder to answer", asked, err)
	}
	if got := paths(res); len(got) != 1 || got[0] != ":src/clock.go" {
		t.Fatalf("the holder answered %v, want only the workspace's src/clock.go (not the notes folder)", got)
	}
	res, err = Search(t.Context(), opts, "ParseDuration", 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(res); len(got) != 1 || got[0] != ":src/clock.go" || res.Hits[0].Line != 3 {
		t.Fatalf("Search = %v (line %d), want src/clock.go at line 3", got, res.Hits[0].Line)
	}
}

func TestABadQueryIsTheHoldersErrorAsIs(t *testing.T) {
	ws := workspace(t, map[string]string{"a.txt": "alpha\n"})
	cache := t.TempDir()
	opts := knowledge.Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true}
	// The message a one-shot gives when it searches alone.
	_, alone := Search(t.Context(), opts, "-def:alpha", 5)
	if !errors.Is(alone, knowledge.ErrBadQuery) {
		t.Fatalf("searching alone: %v, want a bad query", alone)
	}
	holder(t, knowledge.Options{Workspace: ws, CacheDir: cache})
	_, asked, err := ask(t.Context(), opts, "-def:alpha", 5)
	if !asked || !errors.Is(err, knowledge.ErrBadQuery) || err.Error() != alone.Error() {
		t.Fatalf("asked %v: %v; want the bad query %q", asked, err, alone)
	}
}

func TestNoHolderMeansTheOneShotSearchesAlone(t *testing.T) {
	ws := workspace(t, map[string]string{"a.txt": "alpha beta\n"})
	cache := t.TempDir()
	opts := knowledge.Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true}
	// A holder that died left its socket; nothing listens on it.
	ln := listenAsHolder(t, opts)
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if _, asked, err := ask(t.Context(), opts, "alpha", 5); asked {
		t.Fatalf("a dead holder's socket answered: %v", err)
	}
	res, err := Search(t.Context(), opts, "beta", 5)
	if err != nil || len(res.Hits) != 1 || res.Hits[0].Path != "a.txt" {
		t.Fatalf("Search = %v, %v; want a.txt", paths(res), err)
	}
}

func TestTheSocketIsTheUsersAndGoesWithTheHolder(t *testing.T) {
	ws := workspace(t, map[string]string{"a.txt": "alpha\n"})
	cache := t.TempDir()
	x, err := knowledge.Open(t.Context(), knowledge.Options{Workspace: ws, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	stop := Answer(x)
	dir, _ := x.SharedDir()
	info, err := os.Stat(socketPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode()&os.ModeSocket == 0 || info.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode %v, want a socket only its user may use", info.Mode())
	}
	stop()
	stop() // a second stop is harmless
	if _, err := os.Stat(socketPath(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the socket outlived its holder: %v", err)
	}
}

func TestAnInterruptedAskEndsWithTheContext(t *testing.T) {
	ws := workspace(t, map[string]string{"a.txt": "alpha\n"})
	cache := t.TempDir()
	opts := knowledge.Options{Workspace: ws, CacheDir: cache, NoWatch: true}
	// A holder that takes the request and never replies.
	ln := listenAsHolder(t, opts)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- c
		}
	}()
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		c := <-accepted
		defer c.Close()
		var req request // the whole request arrives, then the asker is interrupted
		_ = json.NewDecoder(c).Decode(&req)
		cancel()
	}()
	_, asked, err := ask(ctx, opts, "alpha", 5)
	if !asked || !errors.Is(err, context.Canceled) {
		t.Fatalf("asked %v: %v; want the interruption", asked, err)
	}
	if strings.Contains(err.Error(), "holding") {
		t.Fatalf("an interruption reads as the holder's error: %v", err)
	}
}
