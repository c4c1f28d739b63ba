// Package title names a conversation with the user's own model: a short
// request, after the first exchange, that never goes anywhere but the
// provider the user chose.
package title

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/prompt"
)

// MaxRunes is the longest title kept.
const MaxRunes = 60

// maxExcerpt bounds how much of the exchange is sent: the title needs the
// gist, not the whole answer.
const maxExcerpt = 2000

// Generate asks the model for a title for the exchange prompt → answer.
func Generate(ctx context.Context, client llm.Client, model, userPrompt, answer string) (string, error) {
	req := &llm.Request{
		Model:     model,
		System:    prompt.Title(),
		MaxTokens: 30,
		Reasoning: "off",
		Messages:  []llm.Message{{Role: llm.RoleUser, Text: "User: " + excerpt(userPrompt) + "\n\nAssistant: " + excerpt(answer)}},
	}
	resp, err := client.Stream(ctx, req, func(llm.Delta) {})
	if err != nil {
		return "", err
	}
	t := Clean(resp.Message.Text)
	if t == "" {
		return "", errors.New("the model gave no title")
	}
	return t, nil
}

// Clean turns a model's reply into one plain line: the first non-empty
// line, without quotes, Markdown emphasis, a "Title:" label or a final
// full stop, cut to MaxRunes.
func Clean(s string) string {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(line, "Title:"), "title:"))
		line = strings.Trim(line, "\"'“”‘’*_#` ")
		line = strings.TrimRight(line, ".")
		if utf8.RuneCountInString(line) > MaxRunes {
			line = string([]rune(line)[:MaxRunes-1]) + "…"
		}
		return line
	}
	return ""
}

func excerpt(s string) string {
	if len(s) <= maxExcerpt {
		return s
	}
	cut := maxExcerpt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
