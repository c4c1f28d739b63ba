package provider

import (
	"regexp"
	"strings"
)

var (
	// openAIReasoners are OpenAI's reasoning families and names that say so
	// (DeepSeek's "deepseek-reasoner", a server's "qwq").
	openAIReasoners = regexp.MustCompile(`^(o\d|gpt-5|gpt-oss)|reason|qwq|-r1\b|thinking`)
	// claudeWithout are the Claude models that predate extended thinking.
	claudeWithout = regexp.MustCompile(`^claude-(instant|2|3-(opus|sonnet|haiku|5))`)
)

// Effort reports whether a reasoning effort chosen for model on provider id
// reaches the model: the wire must send it and the model must take it, since
// OpenAI and Anthropic refuse the field for models without reasoning.
func Effort(id, model string) bool {
	m := strings.ToLower(model)
	switch id {
	case "anthropic":
		return m == "" || !claudeWithout.MatchString(m)
	case "openai":
		return m == "" || openAIReasoners.MatchString(m)
	case "openrouter":
		// OpenRouter's ids are vendor/model; it passes the effort to models that reason.
		vendor, name, _ := strings.Cut(m, "/")
		if vendor == "anthropic" {
			return !claudeWithout.MatchString(strings.ReplaceAll(name, ".", "-"))
		}
		return m == "" || openAIReasoners.MatchString(name)
	}
	return false // the other wires send no effort
}
