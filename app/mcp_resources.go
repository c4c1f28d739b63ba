package app

import "time"

// mcpListBudget bounds asking every server for its resources: a slow
// server must not hold the @ picker.
const mcpListBudget = 5 * time.Second

// MCPResourceView is one resource a server offers, for the composer's @
// picker; choosing it writes "@server:uri" into the message.
type MCPResourceView struct {
	Server      string `json:"server"`
	URI         string `json:"uri"`
	Name        string `json:"name"`
	MIMEType    string `json:"mimeType"`
	Description string `json:"description"`
}

// MCPResources lists the connected servers' resources.
func (a *MCP) MCPResources() ([]MCPResourceView, error) {
	ctx, cancel := a.callCtx(mcpListBudget)
	defer cancel()
	out := []MCPResourceView{}
	for _, r := range a.mcpManager().Resources(ctx) {
		out = append(out, MCPResourceView{Server: r.Server, URI: r.URI, Name: r.Name, MIMEType: r.MIMEType, Description: r.Description})
	}
	return out, nil
}
