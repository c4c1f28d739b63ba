package llm

import (
	"slices"
	"strings"
)

// ModelInfo is what Hearth knows of a cloud model: its window and its list
// prices in USD per million tokens. Settings may override any of it.
type ModelInfo struct {
	Context     int
	MaxOutput   int
	Input       float64
	CachedInput float64
	CacheWrite  float64
	Output      float64
}

// known is keyed by the model's name without a vendor prefix or date suffix;
// Lookup matches the longest key that prefixes the asked name.
var known = map[string]ModelInfo{
	"gpt-4o":            {128000, 16384, 2.50, 1.25, 0, 10},
	"gpt-4o-mini":       {128000, 16384, 0.15, 0.075, 0, 0.60},
	"gpt-4.1":           {1047576, 32768, 2.00, 0.50, 0, 8},
	"gpt-4.1-mini":      {1047576, 32768, 0.40, 0.10, 0, 1.60},
	"gpt-4.1-nano":      {1047576, 32768, 0.10, 0.025, 0, 0.40},
	"gpt-5":             {400000, 128000, 1.25, 0.125, 0, 10},
	"gpt-5-mini":        {400000, 128000, 0.25, 0.025, 0, 2},
	"gpt-5-nano":        {400000, 128000, 0.05, 0.005, 0, 0.40},
	"o3":                {200000, 100000, 2, 0.50, 0, 8},
	"o4-mini":           {200000, 100000, 1.10, 0.275, 0, 4.40},
	"claude-opus-4":     {200000, 32000, 15, 1.50, 18.75, 75},
	"claude-opus-4-1":   {200000, 32000, 15, 1.50, 18.75, 75},
	"claude-opus-4-5":   {200000, 64000, 5, 0.50, 6.25, 25},
	"claude-sonnet-4":   {200000, 64000, 3, 0.30, 3.75, 15},
	"claude-sonnet-4-5": {200000, 64000, 3, 0.30, 3.75, 15},
	"claude-3-7-sonnet": {200000, 64000, 3, 0.30, 3.75, 15},
	"claude-haiku-4-5":  {200000, 64000, 1, 0.10, 1.25, 5},
	"claude-3-5-haiku":  {200000, 8192, 0.80, 0.08, 1, 4},
}

// LookupModel finds a known model by name. OpenRouter-style names
// ("anthropic/claude-sonnet-4.5") and dated names match too.
func LookupModel(name string) (ModelInfo, bool) {
	name = strings.ToLower(name)
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = strings.ReplaceAll(name, ".", "-")
	keys := make([]string, 0, len(known))
	for k := range known {
		keys = append(keys, strings.ReplaceAll(k, ".", "-"))
	}
	slices.SortFunc(keys, func(a, b string) int { return len(b) - len(a) })
	for _, k := range keys {
		if name == k || strings.HasPrefix(name, k+"-") {
			for orig, info := range known {
				if strings.ReplaceAll(orig, ".", "-") == k {
					return info, true
				}
			}
		}
	}
	return ModelInfo{}, false
}

// Cost prices u: the provider's own figure when it reported one, else the
// list price. ok is false when neither is known.
func (m ModelInfo) Cost(u Usage) (usd float64, ok bool) {
	if u.Cost != nil {
		return *u.Cost, true
	}
	if m.Input == 0 && m.Output == 0 {
		return 0, false
	}
	uncached := max(u.InputTokens-u.CachedInputTokens-u.CacheWriteTokens, 0)
	write := m.CacheWrite
	if write == 0 {
		write = m.Input
	}
	usd = float64(uncached)*m.Input + float64(u.CachedInputTokens)*m.CachedInput +
		float64(u.CacheWriteTokens)*write + float64(u.OutputTokens)*m.Output
	return usd / 1e6, true
}
