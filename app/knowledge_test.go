package app

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/knowledge"
)

func TestWorkspaceIndexAnswersSearchAndMentions(t *testing.T) {
	a, _ := newTestApp(t, nil)
	statuses := make(chan knowledge.Status, 64)
	a.SetEmitter(func(name string, data any) {
		if s, ok := data.(knowledge.Status); ok && name == IndexEventName {
			select {
			case statuses <- s:
			default:
			}
		}
	})
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "server"), 0o755)
	os.WriteFile(filepath.Join(ws, "server", "container_lookup.go"), []byte("package server\n\n// no such container here\nfunc findContainer() {}\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "README.md"), []byte("nothing relevant\n"), 0o644)
	if _, err := a.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(20 * time.Second)
	for a.IndexStatus().State != knowledge.StateReady {
		select {
		case <-statuses:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("index not ready: %+v", a.IndexStatus())
		}
	}
	res, err := a.SearchWorkspace(`"no such container"`, 10)
	if err != nil || res.Total != 1 || res.Hits[0].Path != "server/container_lookup.go" || res.Hits[0].Line != 3 {
		t.Fatalf("search = %+v, %v", res, err)
	}
	if res, _ := a.SearchWorkspace("findContainer", 10); res.Total != 1 {
		t.Errorf("identifier search = %+v", res)
	}
	m, err := a.FindFiles("cntlkp", 5)
	if err != nil || len(m) == 0 || m[0].Path != "server/container_lookup.go" {
		t.Errorf("FindFiles = %+v, %v", m, err)
	}
}
