package assembly

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// BenchmarkFollowMCPUnchanged is what the loop's Refresh costs before each
// model request when no server's tools changed: Settle, Tools and the
// comparison, against server-everything's real tool list.
func BenchmarkFollowMCPUnchanged(b *testing.B) {
	m := mcp.NewManager(mcp.Options{Workspace: b.TempDir()})
	b.Cleanup(m.Close)
	m.Start(mcp.Entry{Named: config.Named{Name: "everything", Server: config.Server{Command: mcptest.Bin(b, "mcp-server-everything"), Args: []string{"stdio"}}}})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		b.Fatal(err)
	}
	eventually.True(b, "the roots tool the server adds once initialised", func() bool {
		return slices.ContainsFunc(m.Tools(), func(tl *mcp.Tool) bool { return tl.Remote() == "get-roots-list" })
	})
	_ = m.Settle(ctx)
	refresh := followMCP(m, m.Tools(), func([]*mcp.Tool) (*loop.Refreshed, error) {
		b.Fatal("rebuilt though nothing changed")
		return nil, nil
	}, b.Logf)
	b.ReportMetric(float64(len(m.Tools())), "tools")
	b.ResetTimer()
	for b.Loop() {
		if refresh(ctx) != nil {
			b.Fatal("a refresh though nothing changed")
		}
	}
}
