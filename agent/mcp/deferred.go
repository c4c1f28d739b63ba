package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
)

// DefaultBudget is the share of the model's context window MCP tool
// definitions may take before they are deferred behind mcp_search.
const DefaultBudget = 0.10

// Tokens estimates what the tools' definitions cost in the model's context.
func Tokens(tools []*Tool) int {
	n := 0
	for _, t := range tools {
		n += definitionTokens(t.name, t.remote)
	}
	return n
}

// Offer is what the model is given of tools: all of them when their
// definitions fit in budget tokens; otherwise mcp_search, which finds tools
// by name and description and returns their schemas, and mcp_call, which
// calls one of them. Either way each call reaches the permission gate as
// the server's tool it runs.
func Offer(tools []*Tool, budget int) []tool.Tool {
	if len(tools) == 0 {
		return nil
	}
	out := make([]tool.Tool, 0, len(tools))
	if Tokens(tools) <= budget {
		for _, t := range tools {
			out = append(out, t)
		}
		return out
	}
	c := &catalog{tools: tools}
	return []tool.Tool{&searchTool{c}, &callTool{c}}
}

type catalog struct{ tools []*Tool }

func (c *catalog) byName(name string) *Tool {
	for _, t := range c.tools {
		if t.name == name {
			return t
		}
	}
	return nil
}

func (c *catalog) servers() string {
	var names []string
	for _, t := range c.tools {
		if !slices.Contains(names, t.server) {
			names = append(names, t.server)
		}
	}
	return strings.Join(names, ", ")
}

// searchTool is mcp_search.
type searchTool struct{ c *catalog }

func (s *searchTool) Definition() tool.Definition {
	return tool.Definition{
		Name: "mcp_search",
		Description: fmt.Sprintf("Finds tools of the connected MCP servers (%s) by words in their names and descriptions, "+
			"and returns each one's name, description and JSON Schema. Call a tool found here with mcp_call. "+
			"There are %d such tools; their schemas are loaded only when searched for.", s.c.servers(), len(s.c.tools)),
		Parameters: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"words to look for, e.g. 'create issue' or a server name"},"limit":{"type":"integer","description":"most tools to return (default 5)"}},"required":["query"],"additionalProperties":false}`),
	}
}

// Target says mcp_search runs nothing outside Hearth.
func (s *searchTool) Target(json.RawMessage) (string, json.RawMessage, error) { return "", nil, nil }

func (s *searchTool) Run(_ context.Context, args json.RawMessage) (string, error) {
	var a struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	if err := json.Unmarshal(args, &a); err != nil {
		return "", fmt.Errorf("invalid arguments for mcp_search: %w", err)
	}
	if a.Limit <= 0 {
		a.Limit = 5
	}
	words := strings.Fields(strings.ToLower(a.Query))
	if len(words) == 0 {
		return "", fmt.Errorf("mcp_search needs a query (servers: %s)", s.c.servers())
	}
	type hit struct {
		t     *Tool
		score int
	}
	var hits []hit
	for _, t := range s.c.tools {
		name, desc := strings.ToLower(t.name), strings.ToLower(t.remote.Description+" "+t.remote.Title)
		score := 0
		for _, w := range words {
			if strings.Contains(name, w) {
				score += 3
			}
			if strings.Contains(desc, w) {
				score++
			}
		}
		if score > 0 {
			hits = append(hits, hit{t, score})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return b.score - a.score })
	if len(hits) == 0 {
		return fmt.Sprintf("no MCP tool matches %q (servers: %s)", a.Query, s.c.servers()), nil
	}
	var b strings.Builder
	for i, h := range hits {
		if i == a.Limit {
			fmt.Fprintf(&b, "(%d more match; search with more words)\n", len(hits)-i)
			break
		}
		d := h.t.Definition()
		fmt.Fprintf(&b, "## %s\n%s\nparameters: %s\n\n", d.Name, d.Description, d.Parameters)
	}
	return b.String(), nil
}

// callTool is mcp_call.
type callTool struct{ c *catalog }

type callArgs struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (c *callTool) Definition() tool.Definition {
	return tool.Definition{
		Name:        "mcp_call",
		Description: "Calls an MCP server tool found with mcp_search, by its name (mcp__server__tool), with arguments matching its schema.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"arguments":{"type":"object"}},"required":["name"],"additionalProperties":false}`),
	}
}

// Target names the server tool a call runs, for the permission gate.
func (c *callTool) Target(args json.RawMessage) (string, json.RawMessage, error) {
	a, err := c.parse(args)
	if err != nil {
		return "", nil, err
	}
	return a.Name, a.Arguments, nil
}

func (c *callTool) parse(args json.RawMessage) (callArgs, error) {
	var a callArgs
	if err := json.Unmarshal(args, &a); err != nil {
		return a, fmt.Errorf("invalid arguments for mcp_call: %w", err)
	}
	if c.c.byName(a.Name) == nil {
		return a, fmt.Errorf("mcp_call: no MCP tool named %q; find one with mcp_search", a.Name)
	}
	return a, nil
}

func (c *callTool) Run(ctx context.Context, args json.RawMessage) (string, error) {
	a, err := c.parse(args)
	if err != nil {
		return "", err
	}
	return c.c.byName(a.Name).Run(ctx, a.Arguments)
}
