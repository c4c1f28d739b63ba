//go:build unix

package tools

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/edit"
)

// TestFileToolsRefuseFIFO: a named pipe in the workspace must neither block
// a file tool nor be read; walkers pass it by.
func TestFileToolsRefuseFIFO(t *testing.T) {
	dir, tl := newWS(t, map[string]string{"src/a.go": "needle here\n"}, Config{Approve: ApproveAll})
	for _, p := range []string{"pipe", "src/pipe"} {
		if err := syscall.Mkfifo(filepath.Join(dir, filepath.FromSlash(p)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const want = "pipe is a named pipe (FIFO), not a regular file"
	tests := []struct {
		name string
		tool string
		args any
		want string // "" means success
		has  string // in the output on success
	}{
		{"read_file", "read_file", ReadFileParams{Path: "pipe"}, want, ""},
		{"grep on the pipe", "grep", GrepParams{Pattern: "x", Path: "pipe"}, want, ""},
		{"grep walks past it", "grep", GrepParams{Pattern: "needle"}, "", "src/a.go:1"},
		{"glob lists no pipe", "glob", map[string]string{"pattern": "**/*"}, "", "src/a.go"},
		{"edit_file", "edit_file", EditFileParams{Path: "pipe", Edits: []edit.Edit{{Search: "a", Replace: "b"}}}, want, ""},
		{"write_file", "write_file", WriteFileParams{Path: "src/pipe", Content: "x"}, want, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			type result struct {
				out string
				err error
			}
			ch := make(chan result, 1)
			go func() {
				out, err := run(t, tl[tt.tool], tt.args)
				ch <- result{out, err}
			}()
			var r result
			select {
			case r = <-ch:
			case <-time.After(5 * time.Second):
				t.Fatal("tool blocked on a FIFO")
			}
			if tt.want == "" {
				if r.err != nil || !strings.Contains(r.out, tt.has) || strings.Contains(r.out, "pipe") {
					t.Fatalf("out = %q, err = %v; want %q and no pipe", r.out, r.err, tt.has)
				}
				return
			}
			if r.err == nil || !strings.Contains(r.err.Error(), tt.want) || !errors.Is(r.err, confine.ErrNotRegular) {
				t.Fatalf("err = %v, want %q (ErrNotRegular)", r.err, tt.want)
			}
		})
	}
}
