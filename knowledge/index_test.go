package knowledge

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestReconcileAtOpen(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	writeAll(t, ws, map[string]string{"keep.go": "alpha", "edit.go": "beta", "gone.go": "gamma"})
	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	// Changes while Hearth is closed.
	write(t, ws, "edit.go", "delta delta")
	future := time.Now().Add(time.Hour)
	_ = os.Chtimes(filepath.Join(ws, "edit.go"), future, future)
	write(t, ws, "new.go", "epsilon")
	_ = os.Remove(filepath.Join(ws, "gone.go"))

	x = openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if got, want := indexedIDs(t, x), []string{"edit.go", "keep.go", "new.go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("indexed %v, want %v", got, want)
	}
	for q, want := range map[string]int{"alpha": 1, "beta": 0, "delta": 1, "gamma": 0, "epsilon": 1} {
		if got := search(t, x, q).Total; got != want {
			t.Errorf("%s: total %d, want %d", q, got, want)
		}
	}
	if st := x.Status(); st.FilesTotal != 2 || st.FilesDone != 2 || st.State != StateReady || st.Files != 3 {
		t.Errorf("status after reconcile %+v: want 2 files re-read of 3", st)
	}
}

func TestCorruptIndexIsRebuilt(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	writeAll(t, ws, map[string]string{"a.go": "alpha"})
	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	dir := x.Dir()
	_ = x.Close()
	entries, _ := os.ReadDir(dir)
	if len(entries) == 0 {
		t.Fatal("index dir empty")
	}
	for _, e := range entries { // scribble over every file of the index
		if !e.IsDir() {
			_ = os.WriteFile(filepath.Join(dir, e.Name()), []byte("garbage"), 0o600)
		}
	}
	x = openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if st := x.Status(); !strings.Contains(st.Warning, "rebuilding") {
		t.Errorf("warning %q", st.Warning)
	}
	if got := search(t, x, "alpha").Total; got != 1 {
		t.Errorf("after rebuild total %d", got)
	}
}

func TestMappingVersionBumpRebuilds(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	writeAll(t, ws, map[string]string{"a.go": "alpha"})
	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	b := x.idx.NewBatch()
	b.SetInternal(keyVersion, []byte(strconv.Itoa(MappingVersion-1)))
	done := make(chan struct{})
	b.SetPersistedCallback(func(error) { close(done) })
	if err := x.idx.Batch(b); err != nil {
		t.Fatal(err)
	}
	<-done
	_ = x.Close()
	x = openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if st := x.Status(); st.FilesDone != 1 || !strings.Contains(st.Warning, "format changed") {
		t.Errorf("status %+v: want a full rebuild", st)
	}
}

func TestLockedIndexUsesPrivateCopy(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	writeAll(t, ws, map[string]string{"a.go": "alpha"})
	first := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	start := time.Now()
	second := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if time.Since(start) > 5*time.Second {
		t.Error("second open blocked")
	}
	if second.Dir() == first.Dir() || !strings.Contains(second.Status().Warning, "another Hearth") {
		t.Errorf("second dir %s warning %q", second.Dir(), second.Status().Warning)
	}
	if got := search(t, second, "alpha").Total; got != 1 {
		t.Errorf("private index total %d", got)
	}
	dir := second.Dir()
	_ = second.Close()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Error("private index not removed on close")
	}
}

func TestCrawlRules(t *testing.T) {
	ws, notes := t.TempDir(), t.TempDir()
	writeAll(t, ws, map[string]string{
		"small.txt":           "word",
		"large.txt":           strings.Repeat("word ", 300),
		"bin.dat":             "word\x00",
		"sub/loop/file.txt":   "word",
		".hearthignore":       "secret/\n",
		"secret/x.txt":        "word",
		"node_modules/m/a.js": "word",
	})
	writeAll(t, notes, map[string]string{"meeting.md": "word"})
	// A symlink loop: sub/loop/back -> sub, and a link to the root.
	if err := os.Symlink(filepath.Join(ws, "sub"), filepath.Join(ws, "sub", "loop", "back")); err != nil {
		t.Skip("no symlinks:", err)
	}
	_ = os.Symlink(ws, filepath.Join(ws, "sub", "root"))
	var mu sync.Mutex
	var seen []Status
	x := openReady(t, Options{Workspace: ws, Folders: []Folder{{Label: "notes", Path: notes}},
		NoWatch: true, MaxFileSize: 1000, OnStatus: func(s Status) { mu.Lock(); seen = append(seen, s); mu.Unlock() }})
	res := search(t, x, "word")
	if got, want := hitPaths(res), []string{"notes:meeting.md", "small.txt", "sub/loop/file.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("hits %v, want %v", got, want)
	}
	for _, h := range res.Hits {
		if h.Path == "meeting.md" && h.Source != "notes" {
			t.Errorf("knowledge folder hit without its label: %+v", h)
		}
	}
	ids := indexedIDs(t, x)
	for _, want := range []string{"large.txt", "bin.dat"} { // indexed by name only
		if !slices.Contains(ids, want) {
			t.Errorf("%s missing from %v", want, ids)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 || seen[len(seen)-1].State != StateReady {
		t.Errorf("OnStatus calls %+v, want the last to be ready", seen)
	}
}

func TestOpenErrors(t *testing.T) {
	ws := t.TempDir()
	file := filepath.Join(ws, "f")
	write(t, ws, "f", "x")
	for name, opts := range map[string]Options{
		"no workspace":   {},
		"missing":        {Workspace: filepath.Join(ws, "missing")},
		"file":           {Workspace: file},
		"bad label":      {Workspace: ws, Folders: []Folder{{Label: "a:b", Path: ws}}},
		"dup label":      {Workspace: ws, Folders: []Folder{{Label: "a", Path: ws}, {Label: "a", Path: ws}}},
		"missing folder": {Workspace: ws, Folders: []Folder{{Label: "a", Path: file + "x"}}},
	} {
		opts.CacheDir = t.TempDir()
		if x, err := Open(context.Background(), opts); err == nil {
			_ = x.Close()
			t.Errorf("%s: Open succeeded", name)
		}
	}
}

func TestReindexIsSynchronous(t *testing.T) {
	ws := t.TempDir()
	writeAll(t, ws, map[string]string{"a.go": "alpha"})
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx := context.Background()
	write(t, ws, "a.go", "omega")
	write(t, ws, "dir/b.go", "omega")
	if err := x.Reindex(ctx, filepath.Join(ws, "a.go"), "dir"); err != nil {
		t.Fatal(err)
	}
	if got := search(t, x, "omega").Total; got != 2 {
		t.Errorf("omega total %d right after Reindex", got)
	}
	_ = os.RemoveAll(filepath.Join(ws, "dir"))
	if err := x.Reindex(ctx, "dir"); err != nil {
		t.Fatal(err)
	}
	if got := search(t, x, "omega").Total; got != 1 {
		t.Errorf("omega total %d after deleting dir", got)
	}
	if err := x.Reindex(ctx, "/elsewhere/x.go"); err == nil {
		t.Error("Reindex outside the workspace succeeded")
	}
}

// DirOf names the folder Open uses, for a workspace given relative to the
// working directory too: a one-shot finds its holder's socket by it.
func TestDirOfIsWhereOpenKeepsTheIndex(t *testing.T) {
	parent := t.TempDir()
	if err := os.Mkdir(filepath.Join(parent, "ws"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(parent)
	opts := Options{Workspace: "ws", CacheDir: t.TempDir(), NoWatch: true}
	want, err := DirOf(opts)
	if err != nil {
		t.Fatal(err)
	}
	x, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if dir, shared := x.SharedDir(); dir != want || !shared {
		t.Fatalf("Open keeps the index at %s (shared %v), DirOf says %s", dir, shared, want)
	}
}
