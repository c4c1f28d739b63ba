package assembly

import (
	"slices"
	"testing"
)

// Build's steps run in the order each depends on: the key is the
// provider's, the client speaks the provider's wire and probes the window
// the tools' MCP budget needs, the prompt lists the tools, and following
// MCP re-renders that prompt with the tools beside MCP's.
func TestBuildStepsOrder(t *testing.T) {
	var names []string
	for _, s := range buildSteps {
		names = append(names, s.name)
	}
	want := []string{"provider", "key", "loop", "client", "tools", "prompt", "mcp-follow"}
	if !slices.Equal(names, want) {
		t.Fatalf("steps %v\nwant %v", names, want)
	}
}
