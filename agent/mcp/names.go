package mcp

import (
	"regexp"
	"strconv"
	"strings"
)

// Prefix starts every MCP tool name the model sees.
const Prefix = "mcp__"

// maxToolName is the longest tool name the providers accept.
const maxToolName = 64

var unsafeChars = regexp.MustCompile(`[^a-zA-Z0-9_-]`)

// ToolName is mcp__<server>__<tool> made safe for every provider
// (^[a-zA-Z0-9_-]{1,64}$); uniqueness is uniqueName's job.
func ToolName(server, tool string) string {
	n := Prefix + unsafeChars.ReplaceAllString(server, "_") + "__" + unsafeChars.ReplaceAllString(tool, "_")
	if len(n) > maxToolName {
		n = n[:maxToolName]
	}
	return n
}

// uniqueName returns name, or name with a numeric suffix when it is taken
// (two tools that sanitise or truncate alike), and marks it taken.
func uniqueName(name string, taken map[string]bool) string {
	out := name
	for i := 2; taken[out]; i++ {
		suffix := "_" + strconv.Itoa(i)
		out = name
		if len(out)+len(suffix) > maxToolName {
			out = out[:maxToolName-len(suffix)]
		}
		out += suffix
	}
	taken[out] = true
	return out
}

// ServerOf returns the server part of a tool name as the model sees it,
// for rules such as mcp__github__*; ok is false for other tools.
func ServerOf(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, Prefix)
	if !ok {
		return "", false
	}
	server, _, ok := strings.Cut(rest, "__")
	return server, ok
}
