package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prompt is one prompt a server offers, as "/server:name" in the composer
// and in `hearth run`.
type Prompt struct {
	Server      string
	Name        string
	Description string
	Arguments   []*sdk.PromptArgument
}

// Prompts lists the prompts of every connected server; a server whose
// listing fails is left out and its log says why.
func (m *Manager) Prompts(ctx context.Context) []Prompt {
	var out []Prompt
	for _, s := range m.list() {
		cs, err := s.session()
		if err != nil || !offers(cs, func(c *sdk.ServerCapabilities) bool { return c.Prompts != nil }) {
			continue
		}
		for p, err := range cs.Prompts(ctx, nil) {
			if err != nil {
				s.log.Add("hearth: listing prompts: " + err.Error())
				break
			}
			out = append(out, Prompt{Server: s.entry.Name, Name: p.Name, Description: p.Description, Arguments: p.Arguments})
		}
	}
	return out
}

func offers(cs *sdk.ClientSession, has func(*sdk.ServerCapabilities) bool) bool {
	r := cs.InitializeResult()
	return r != nil && r.Capabilities != nil && has(r.Capabilities)
}

// ErrNotPrompt means a text is not a "/server:prompt" invocation of a
// server this manager runs.
var ErrNotPrompt = errors.New("not an MCP prompt")

// ExpandPrompt turns "/server:prompt args" into the prompt's text: the
// arguments are taken in the order the prompt declares them (the last one
// takes the rest of the line) or as name=value words.
func (m *Manager) ExpandPrompt(ctx context.Context, text string) (string, error) {
	head, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	server, name, ok := strings.Cut(strings.TrimPrefix(head, "/"), ":")
	if !strings.HasPrefix(head, "/") || !ok || name == "" {
		return "", ErrNotPrompt
	}
	s, err := m.get(server)
	if err != nil {
		return "", ErrNotPrompt
	}
	cs, err := s.session()
	if err != nil {
		return "", err
	}
	var decl *sdk.Prompt
	for p, err := range cs.Prompts(ctx, nil) {
		if err != nil {
			return "", fmt.Errorf("MCP server %s: listing prompts: %w", server, err)
		}
		if p.Name == name {
			decl = p
			break
		}
	}
	if decl == nil {
		return "", fmt.Errorf("MCP server %s has no prompt %q", server, name)
	}
	args, err := promptArgs(decl, strings.TrimSpace(rest))
	if err != nil {
		return "", fmt.Errorf("/%s:%s: %w", server, name, err)
	}
	res, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		return "", fmt.Errorf("MCP server %s: prompt %s: %w", server, name, err)
	}
	var parts []string
	for _, msg := range res.Messages {
		t := contentText(msg.Content)
		if msg.Role == "assistant" {
			t = "[assistant] " + t
		}
		parts = append(parts, t)
	}
	return redactCapped(strings.Join(parts, "\n\n"), m.opts.MaxResult), nil
}

func contentText(c sdk.Content) string {
	return resultText(context.Background(), &sdk.CallToolResult{Content: []sdk.Content{c}})
}

// promptArgs maps the words after a prompt's name onto its arguments.
func promptArgs(p *sdk.Prompt, rest string) (map[string]string, error) {
	args := map[string]string{}
	known := map[string]bool{}
	for _, a := range p.Arguments {
		known[a.Name] = true
	}
	words := strings.Fields(rest)
	named := len(words) > 0
	for _, w := range words {
		k, _, ok := strings.Cut(w, "=")
		named = named && ok && known[k]
	}
	switch {
	case named:
		for _, w := range words {
			k, v, _ := strings.Cut(w, "=")
			args[k] = v
		}
	case len(words) > 0:
		if len(p.Arguments) == 0 {
			return nil, fmt.Errorf("the prompt takes no arguments, got %q", rest)
		}
		for i, a := range p.Arguments {
			if i >= len(words) {
				break
			}
			if i == len(p.Arguments)-1 {
				args[a.Name] = strings.Join(words[i:], " ")
				break
			}
			args[a.Name] = words[i]
		}
	}
	var missing []string
	for _, a := range p.Arguments {
		if a.Required && args[a.Name] == "" {
			missing = append(missing, a.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing argument %s (the prompt takes: %s)", strings.Join(missing, ", "), argList(p))
	}
	return args, nil
}

func argList(p *sdk.Prompt) string {
	var s []string
	for _, a := range p.Arguments {
		n := a.Name
		if !a.Required {
			n = "[" + n + "]"
		}
		s = append(s, n)
	}
	return strings.Join(s, " ")
}
