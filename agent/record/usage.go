package record

import (
	"encoding/json"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/session"
)

func usageOf(u llm.Usage, cost float64, known bool) session.Usage {
	out := session.Usage{InputTokens: int64(u.InputTokens), CacheReadTokens: int64(u.CachedInputTokens),
		CacheWriteTokens: int64(u.CacheWriteTokens), OutputTokens: int64(u.OutputTokens), ReasoningTokens: int64(u.ReasoningTokens)}
	if known {
		out.CostUSD = cost
	}
	return out
}

// argsOf keeps stored arguments as sent when they are JSON, else {}.
func argsOf(s string) json.RawMessage {
	if json.Valid([]byte(s)) && s != "" {
		return json.RawMessage(s)
	}
	return json.RawMessage(`{}`)
}
