package tools

import (
	"context"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

func TestChangedHearsEveryWrite(t *testing.T) {
	var mu sync.Mutex
	var got []string
	cfg := Config{Approve: ApproveAll, Changed: func(_ context.Context, abs []string) {
		mu.Lock()
		got = append(got, abs...)
		mu.Unlock()
	}}
	dir, tl := newWS(t, map[string]string{"a.txt": "alpha\n"}, cfg)
	mustRun(t, tl["write_file"], map[string]any{"path": "new/b.txt", "content": "bee\n"})
	mustRun(t, tl["read_file"], map[string]any{"path": "a.txt"})
	mustRun(t, tl["edit_file"], map[string]any{"path": "a.txt", "edits": []map[string]string{{"search": "alpha", "replace": "beta"}}})
	want := []string{filepath.Join(dir, "new", "b.txt"), filepath.Join(dir, "a.txt")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Changed heard %v, want %v", got, want)
	}
}
