package app

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
	"github.com/hearth-agent/hearth/knowledge"
)

func TestWorkspaceIndexAnswersSearchAndMentions(t *testing.T) {
	a, _ := newTestApp(t, nil)
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "server"), 0o755)
	os.WriteFile(filepath.Join(ws, "server", "container_lookup.go"), []byte("package server\n\n// no such container here\nfunc findContainer() {}\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "README.md"), []byte("nothing relevant\n"), 0o644)
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the index ready", func() bool { return a.h.Project.IndexStatus().State == knowledge.StateReady })
	res, err := a.h.Project.SearchWorkspace(`"no such container"`, 10)
	if err != nil || res.Total != 1 || res.Hits[0].Path != "server/container_lookup.go" || res.Hits[0].Line != 3 {
		t.Fatalf("search = %+v, %v", res, err)
	}
	if res, _ := a.h.Project.SearchWorkspace("findContainer", 10); res.Total != 1 || res.AsPrefix {
		t.Errorf("identifier search = %+v", res)
	}
	// A word still being typed is answered for the words starting with it.
	if res, _ := a.h.Project.SearchWorkspace("findCont", 10); res.Total != 1 || !res.AsPrefix {
		t.Errorf("a word being typed = %+v, want findContainer's file as a prefix", res)
	}
	// A sentence found nowhere whole is answered for any of its words.
	if res, _ := a.h.Project.SearchWorkspace("findContainer log errors", 10); res.Total != 1 || !res.AnyWord || res.AsPrefix {
		t.Errorf("a sentence = %+v, want findContainer's file for any word", res)
	}
	// A question is ranked by its meaningful words, each hit saying which it holds.
	res, _ = a.h.Project.SearchWorkspace("where does findContainer log errors", 10)
	if res.Total != 1 || res.Question == "" || len(res.Hits) != 1 || len(res.Hits[0].Matched) != 1 ||
		res.Hits[0].Matched[0] != (knowledge.WordMatch{Word: "findContainer", Definition: "findContainer"}) {
		t.Errorf("a question = %+v, want findContainer's file, matched through its definition", res)
	}
	m, err := a.h.Composer.FindFiles("cntlkp", 5)
	if err != nil || len(m) == 0 || m[0].Path != "server/container_lookup.go" {
		t.Errorf("FindFiles = %+v, %v", m, err)
	}
}

func TestKnowledgeFoldersAreIndexedBesideTheWorkspace(t *testing.T) {
	a, _ := newTestApp(t, nil)
	notes := t.TempDir()
	os.WriteFile(filepath.Join(notes, "deploy.md"), []byte("the release checklist lives here\n"), 0o644)
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "main.go"), []byte("package main\n"), 0o644)
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	v, err := a.addKnowledgeFolder(notes)
	if err != nil || len(v.KnowledgeFolders) != 1 || v.KnowledgeFolders[0].Path != notes {
		t.Fatalf("add = %+v, %v", v.KnowledgeFolders, err)
	}
	if _, err := a.addKnowledgeFolder(notes); err == nil {
		t.Error("the same folder was added twice")
	}
	if _, err := a.addKnowledgeFolder(filepath.Join(notes, "deploy.md")); err == nil {
		t.Error("a file was accepted as a folder")
	}
	label := v.KnowledgeFolders[0].Label
	var res SearchView
	eventually.True(t, "the knowledge folder searchable", func() bool {
		res, err = a.h.Project.SearchWorkspace("release checklist", 10)
		return err == nil && res.Total > 0 && !res.Partial
	})
	if res.Total != 1 || res.Hits[0].Source != label || res.Hits[0].Path != "deploy.md" {
		t.Fatalf("search over the knowledge folder = %+v", res)
	}
	if v, err := a.h.Settings.RemoveKnowledgeFolder(label); err != nil || len(v.KnowledgeFolders) != 0 {
		t.Fatalf("remove = %+v, %v", v.KnowledgeFolders, err)
	}
}

func TestUniqueLabel(t *testing.T) {
	existing := []settings.KnowledgeFolder{{Label: "notes", Path: "/a/notes"}}
	tests := []struct{ path, want string }{
		{"/b/notes", "notes 2"},
		{"/b/docs", "docs"},
		{"/b/Ünïcode", "n-code"},
		{"/b/...", "folder"},
	}
	for _, tt := range tests {
		if got := uniqueLabel(existing, tt.path); got != tt.want {
			t.Errorf("uniqueLabel(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// Opening another folder closes the old index in the background; its
// "closed" notice must not reach the status bar over the new index's.
func TestReplacedIndexDoesNotReportOverItsSuccessor(t *testing.T) {
	a, _ := newTestApp(t, nil)
	var mu sync.Mutex
	var seen []knowledge.Status
	a.setEmitter(func(name string, data any) {
		if s, ok := data.(knowledge.Status); ok && name == IndexEventName {
			mu.Lock()
			seen = append(seen, s)
			mu.Unlock()
		}
	})
	waitReady := func() {
		eventually.True(t, "the index ready", func() bool { return a.h.Project.IndexStatus().State == knowledge.StateReady })
	}
	first, second := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(first, "a.go"), []byte("package a\n"), 0o644)
	for _, name := range []string{"b.go", "c.go"} {
		os.WriteFile(filepath.Join(second, name), []byte("package b\n"), 0o644)
	}
	if _, err := a.h.Project.OpenWorkspace(first); err != nil {
		t.Fatal(err)
	}
	waitReady()
	old := a.currentIndex()
	mu.Lock()
	from := len(seen)
	mu.Unlock()
	if _, err := a.h.Project.OpenWorkspace(second); err != nil {
		t.Fatal(err)
	}
	waitReady()
	// The old index's closed notice, were it forwarded, leaves just after
	// its status says closed.
	eventually.True(t, "the old index to close", func() bool { return old.Status().State == knowledge.StateClosed })
	mu.Lock()
	defer mu.Unlock()
	for _, s := range seen[from:] {
		if s.State == knowledge.StateClosed {
			t.Fatalf("a closed notice reached the frontend after the folder changed: %+v", seen[from:])
		}
	}
	if last := seen[len(seen)-1]; last.State != knowledge.StateReady || last.Files != 2 {
		t.Errorf("last notice %+v, want the new index ready with 2 files", last)
	}
}
