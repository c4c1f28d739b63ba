package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

func TestDeferredToolsBehindSearch(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	tools := m.Tools()
	cost := mcp.Tokens(tools)
	if got := mcp.Offer(tools, cost); len(got) != len(tools) {
		t.Fatalf("within budget: %d tools offered of %d", len(got), len(tools))
	}
	offered := mcp.Offer(tools, cost-1)
	if len(offered) != 2 || offered[0].Definition().Name != "mcp_search" || offered[1].Definition().Name != "mcp_call" {
		t.Fatalf("over budget: %v", offered)
	}
	if !strings.Contains(offered[0].Definition().Description, "everything") {
		t.Fatalf("mcp_search does not name the servers: %s", offered[0].Definition().Description)
	}
	ctx := context.Background()
	out, err := offered[0].Run(ctx, json.RawMessage(`{"query":"sum"}`))
	if err != nil || !strings.Contains(out, "## mcp__everything__get-sum") || !strings.Contains(out, `"properties"`) {
		t.Fatalf("search: %q, %v", out, err)
	}
	out, err = offered[1].Run(ctx, json.RawMessage(`{"name":"mcp__everything__get-sum","arguments":{"a":20,"b":22}}`))
	if err != nil || !strings.Contains(out, "42") {
		t.Fatalf("call: %q, %v", out, err)
	}
	if _, err := offered[1].Run(ctx, json.RawMessage(`{"name":"mcp__everything__nope"}`)); err == nil || !strings.Contains(err.Error(), "mcp_search") {
		t.Fatalf("unknown tool: %v", err)
	}
	if out, _ := offered[0].Run(ctx, json.RawMessage(`{"query":"zebra"}`)); !strings.Contains(out, "no MCP tool matches") {
		t.Fatalf("no match: %q", out)
	}
}
