package project

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/knowledge"
)

type quiet struct{}

func (quiet) Emit(conversation.Event) {}
func (quiet) Notice(error)            {}
func (quiet) SessionsChanged()        {}

func stores(t testing.TB) Stores {
	return Stores{Settings: settings.Defaults, Trust: trust.NewStore(t.TempDir()), ConfigDir: t.TempDir()}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefusesWhatCannotBeAProject(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f.txt")
	write(t, file, "x")
	for _, tc := range []struct{ name, dir, want string }{
		{"empty", "", "not a folder path"},
		{"missing", filepath.Join(t.TempDir(), "gone"), "is not a folder"},
		{"file", file, "is not a folder"},
		{"root", "/", "the file system root cannot be a workspace"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(t.Context(), tc.dir, stores(t), Options{})
			var de *DirError
			if !errors.As(err, &de) || !strings.Contains(de.Reason, tc.want) {
				t.Fatalf("Open(%q) = %v, want a DirError saying %q", tc.dir, err, tc.want)
			}
		})
	}
}

func TestConversationsOpenOnTheFolderAndCloseWithIt(t *testing.T) {
	dir := t.TempDir()
	p, err := Open(t.Context(), dir, stores(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.NewConversation(quiet{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.NewConversation(quiet{})
	if err != nil {
		t.Fatal(err)
	}
	if a == b || a.Workspace() != p.Dir() || b.Workspace() != p.Dir() {
		t.Fatalf("two conversations in %s: %p %q, %p %q", p.Dir(), a, a.Workspace(), b, b.Workspace())
	}
	p.Forget(a)
	if len(p.convs) != 1 || p.convs[0] != b {
		t.Fatalf("after Forget the project holds %d conversations", len(p.convs))
	}
	p.Close()
	if _, err := p.NewConversation(quiet{}); !errors.Is(err, ErrClosed) {
		t.Fatalf("NewConversation after Close = %v, want ErrClosed", err)
	}
	p.Close() // twice is harmless
}

// The folder's .mcp.json reaches the servers only once it is trusted, and
// StartMCP is how that takes effect.
func TestMCPFollowsTrust(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".mcp.json"), `{"mcpServers": {"tool": {"command": "hearth-no-such-server"}}}`)
	st := stores(t)
	p, err := Open(t.Context(), dir, st, Options{MCP: &MCPOptions{}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	held := func() string {
		t.Helper()
		entries, err := p.MCPEntries()
		if err != nil || len(entries) != 1 {
			t.Fatalf("entries = %v, %v", entries, err)
		}
		return entries[0].Held
	}
	if held() == "" {
		t.Fatal("an untrusted folder's server may start")
	}
	if err := p.StartMCP(); err != nil {
		t.Fatal(err)
	}
	if s := p.MCP().Servers(); len(s) != 1 || s[0].Status != mcp.StatusUntrusted {
		t.Fatalf("servers before trust = %+v", s)
	}
	items, err := trust.List(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Trust.Trust(dir, items...); err != nil {
		t.Fatal(err)
	}
	if held() != "" {
		t.Fatal("a trusted folder's server is still held")
	}
	if err := p.StartMCP(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), mcp.DefaultConnectTimeout)
	defer cancel()
	if err := p.WaitMCP(ctx); err != nil {
		t.Fatal(err)
	}
	if s := p.MCP().Servers(); len(s) != 1 || s[0].Status != mcp.StatusFailed {
		t.Fatalf("servers after trust = %+v, want the server tried (and failed: no such command)", s)
	}
}

func TestOnlyNamesOneServer(t *testing.T) {
	st := stores(t)
	write(t, filepath.Join(st.ConfigDir, "mcp.json"), `{"mcpServers": {"a": {"command": "hearth-no-such-a"}, "b": {"command": "hearth-no-such-b"}}}`)
	p, err := Open(t.Context(), t.TempDir(), st, Options{MCP: &MCPOptions{Only: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.StartMCP(); err != nil {
		t.Fatal(err)
	}
	if s := p.MCP().Servers(); len(s) != 1 || s[0].Name != "b" {
		t.Fatalf("servers = %+v, want b alone", s)
	}
	q, err := Open(t.Context(), t.TempDir(), st, Options{MCP: &MCPOptions{Only: "c"}})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	var none *NoServerError
	if err := q.StartMCP(); !errors.As(err, &none) || none.Name != "c" {
		t.Fatalf("StartMCP for an unknown server = %v", err)
	}
}

func TestIndexOpensAndOnlyTheLatestReports(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.go"), "package a\n// the needle\n")
	statuses := make(chan knowledge.Status, 256)
	p, err := Open(t.Context(), dir, stores(t), Options{Index: &IndexOptions{CacheDir: t.TempDir(),
		OnStatus: func(s knowledge.Status) { statuses <- s }}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for s := range statuses {
		if s.State == knowledge.StateReady {
			break
		}
	}
	first := p.Index()
	if first == nil {
		t.Fatal("no index after it reported ready")
	}
	p.OpenIndex(t.Context())
	if p.Index() == first {
		t.Fatal("OpenIndex kept the old index")
	}
	for s := range statuses {
		if s.State == knowledge.StateClosed {
			t.Fatal("the replaced index reported closed over its successor")
		}
		if s.State == knowledge.StateReady {
			break
		}
	}
}

func TestNoFolderHasTheUsersServersAndNoIndex(t *testing.T) {
	st := stores(t)
	write(t, filepath.Join(st.ConfigDir, "mcp.json"), `{"mcpServers": {"mine": {"command": "hearth-no-such"}}}`)
	p := NoFolder(st, Options{Index: &IndexOptions{}, MCP: &MCPOptions{}})
	defer p.Close()
	if p.Dir() != "" || p.Index() != nil {
		t.Fatalf("NoFolder has dir %q, index %v", p.Dir(), p.Index())
	}
	entries, err := p.MCPEntries()
	if err != nil || len(entries) != 1 || entries[0].Name != "mine" || entries[0].Held != "" {
		t.Fatalf("entries = %+v, %v", entries, err)
	}
}
