package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// BenchmarkCall compares one echo call through Hearth's client (naming,
// timeout, progress route, result rendering, capping and redaction) with
// the same call made directly on an SDK session, to the same server.
func BenchmarkCall(b *testing.B) {
	bin := mcptest.Bin(b, "mcp-server-everything")
	ctx := context.Background()
	args := json.RawMessage(`{"message":"benchmark"}`)

	b.Run("sdk", func(b *testing.B) {
		c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		cs, err := c.Connect(ctx, &sdk.CommandTransport{Command: exec.Command(bin, "stdio")}, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		b.ResetTimer()
		for b.Loop() {
			if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "echo", Arguments: args}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hearth", func(b *testing.B) {
		m := mcp.NewManager(mcp.Options{})
		defer m.Close()
		m.Start(mcp.Entry{Named: config.Named{Name: "ev", Server: config.Server{Command: bin, Args: []string{"stdio"}}}})
		if err := m.Wait(ctx); err != nil {
			b.Fatal(err)
		}
		var echo *mcp.Tool
		for _, t := range m.Tools() {
			if t.Remote() == "echo" {
				echo = t
			}
		}
		if echo == nil {
			b.Fatal("no echo tool")
		}
		b.ResetTimer()
		for b.Loop() {
			if _, err := echo.Run(ctx, args); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkConnectFive measures the time from Start to five stdio servers
// connected with their tools listed; Start itself returns at once.
func BenchmarkConnectFive(b *testing.B) {
	bin := mcptest.Bin(b, "mcp-server-memory")
	var startReturned time.Duration
	for b.Loop() {
		m := mcp.NewManager(mcp.Options{Workspace: b.TempDir()})
		var entries []mcp.Entry
		for i := range 5 {
			entries = append(entries, mcp.Entry{Named: config.Named{Name: fmt.Sprintf("m%d", i),
				Server: config.Server{Command: bin, Env: map[string]string{"MEMORY_FILE_PATH": b.TempDir() + "/m.jsonl"}}}})
		}
		t0 := time.Now()
		m.Start(entries...)
		startReturned += time.Since(t0)
		if err := m.Wait(context.Background()); err != nil {
			b.Fatal(err)
		}
		for _, s := range m.Servers() {
			if s.Status != mcp.StatusConnected {
				b.Fatalf("%s: %s %s", s.Name, s.Status, s.Error)
			}
		}
		b.StopTimer()
		m.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(startReturned.Microseconds())/float64(b.N), "µs-until-Start-returns/op")
}
