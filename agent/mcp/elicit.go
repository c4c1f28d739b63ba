package mcp

import (
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ElicitDefaults is the answer a form prefilled from the request's schema
// would give untouched: each property's default, where it has one.
func ElicitDefaults(req *sdk.ElicitRequest) map[string]any {
	var schema struct {
		Properties map[string]struct {
			Default any `json:"default"`
		} `json:"properties"`
	}
	b, err := json.Marshal(req.Params.RequestedSchema)
	if err != nil || json.Unmarshal(b, &schema) != nil {
		return map[string]any{}
	}
	out := map[string]any{}
	for name, p := range schema.Properties {
		if p.Default != nil {
			out[name] = p.Default
		}
	}
	return out
}
