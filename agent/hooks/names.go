package hooks

import (
	"encoding/json"
	"path/filepath"
)

// claudeNames maps Hearth's tools onto the names Claude Code's hooks
// match; MCP tools (mcp__server__tool) are named alike already.
var claudeNames = map[string]string{
	"shell":      "Bash",
	"read_file":  "Read",
	"write_file": "Write",
	"edit_file":  "Edit", // MultiEdit when it carries several edits
	"glob":       "Glob",
	"grep":       "Grep",
	"list_dir":   "LS",
	"todo":       "TodoWrite",
	"web_fetch":  "WebFetch",
	"web_search": "WebSearch",
}

// ClaudeTool gives the tool name and input a Claude Code hook expects for
// one of Hearth's tool calls.
func ClaudeTool(ws, name string, args json.RawMessage) (string, json.RawMessage) {
	cn, ok := claudeNames[name]
	if !ok {
		return name, args
	}
	var a map[string]any
	if json.Unmarshal(args, &a) != nil {
		return cn, args
	}
	abs := func(p any) string {
		s, _ := p.(string)
		if s == "" || filepath.IsAbs(s) {
			return s
		}
		return filepath.Join(ws, filepath.FromSlash(s))
	}
	out := map[string]any{}
	switch name {
	case "shell":
		out["command"] = a["command"]
		if t, ok := a["timeout_seconds"].(float64); ok {
			out["timeout"] = t * 1000
		}
	case "read_file":
		out["file_path"] = abs(a["path"])
		if v, ok := a["offset"]; ok {
			out["offset"] = v
		}
		if v, ok := a["limit"]; ok {
			out["limit"] = v
		}
	case "write_file":
		out["file_path"], out["content"] = abs(a["path"]), a["content"]
	case "edit_file":
		out["file_path"] = abs(a["path"])
		edits, _ := a["edits"].([]any)
		var conv []map[string]any
		for _, e := range edits {
			m, _ := e.(map[string]any)
			conv = append(conv, map[string]any{"old_string": m["search"], "new_string": m["replace"]})
		}
		if len(conv) == 1 {
			out["old_string"], out["new_string"] = conv[0]["old_string"], conv[0]["new_string"]
		} else {
			cn, out["edits"] = "MultiEdit", conv
		}
	case "glob", "grep":
		for k, v := range a {
			out[k] = v
		}
		if p, ok := a["path"]; ok {
			out["path"] = abs(p)
		}
	case "list_dir":
		out["path"] = abs(a["path"])
		if out["path"] == "" {
			out["path"] = ws
		}
	default:
		out = a
	}
	b, err := json.Marshal(out)
	if err != nil {
		return cn, args
	}
	return cn, b
}
