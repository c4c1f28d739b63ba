package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"unicode/utf16"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// maxLocations bounds the places one answer lists.
const maxLocations = 50

// Navigate answers op (definition, references, hover, symbols) at a
// 1-based line and column of abs, or for a symbol by name: in abs when
// given, else searched for in the workspace.
func (m *Manager) Navigate(ctx context.Context, op, abs string, line, column int, symbol string) (string, error) {
	if abs == "" {
		return m.navigateByName(ctx, op, symbol)
	}
	c, _, id, err := m.clientFor(ctx, abs)
	if err != nil {
		return "", err
	}
	text, err := os.ReadFile(abs)
	if err != nil {
		return "", err
	}
	u := uri.File(abs)
	if _, _, _, err := c.sync(ctx, u, id, string(text)); err != nil {
		return "", err
	}
	if op == "symbols" {
		syms, err := c.documentSymbols(ctx, u)
		if err != nil {
			return "", err
		}
		return m.listSymbols(syms, symbol, m.rel(abs)), nil
	}
	var pos protocol.Position
	if symbol != "" && line < 1 {
		p, ok := m.findInFile(ctx, c, u, string(text), symbol)
		if !ok {
			return "", fmt.Errorf("no symbol %q in %s", symbol, m.rel(abs))
		}
		pos = p
	} else {
		pos = position(string(text), line, column)
	}
	return m.at(ctx, c, op, u, pos)
}

// at answers op at a position of a file the server has open.
func (m *Manager) at(ctx context.Context, c *client, op string, u protocol.DocumentURI, pos protocol.Position) (string, error) {
	tdp := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos}
	var raw json.RawMessage
	switch op {
	case "definition":
		if err := c.call(ctx, protocol.MethodTextDocumentDefinition, protocol.DefinitionParams{TextDocumentPositionParams: tdp}, &raw); err != nil {
			return "", err
		}
		return m.listLocations("Defined at", locations(raw)), nil
	case "references":
		params := protocol.ReferenceParams{TextDocumentPositionParams: tdp, Context: protocol.ReferenceContext{IncludeDeclaration: true}}
		if err := c.call(ctx, protocol.MethodTextDocumentReferences, params, &raw); err != nil {
			return "", err
		}
		return m.listLocations("Referenced at", locations(raw)), nil
	case "hover":
		if err := c.call(ctx, protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: tdp}, &raw); err != nil {
			return "", err
		}
		if s := hoverText(raw); s != "" {
			return s, nil
		}
		return "Nothing is known about that position.", nil
	}
	return "", fmt.Errorf("unknown operation %q", op)
}

// navigateByName finds a symbol through the workspace/symbol search of the
// workspace's servers.
func (m *Manager) navigateByName(ctx context.Context, op, symbol string) (string, error) {
	var errs []error
	for _, l := range m.Languages() {
		c, _, _, err := m.clientFor(ctx, l.sample)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var found []protocol.SymbolInformation
		if err := c.call(ctx, protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: symbol}, &found); err != nil {
			errs = append(errs, err)
			continue
		}
		if op == "symbols" {
			var b strings.Builder
			fmt.Fprintf(&b, "Symbols matching %q (%s):", symbol, c.name)
			for i, s := range found {
				if i == maxLocations {
					fmt.Fprintf(&b, "\n  … and %d more", len(found)-maxLocations)
					break
				}
				fmt.Fprintf(&b, "\n  %s %s%s  %s", kindName(s.Kind), container(s.ContainerName), s.Name, m.place(s.Location))
			}
			if len(found) > 0 {
				return b.String(), nil
			}
			continue
		}
		for _, s := range found {
			if s.Name == symbol || strings.HasSuffix(s.Name, "."+symbol) {
				return m.at(ctx, c, op, s.Location.URI, s.Location.Range.Start)
			}
		}
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	return "", fmt.Errorf("no symbol named %q in the workspace", symbol)
}

// findInFile is where a name is declared in a file, or first written.
func (m *Manager) findInFile(ctx context.Context, c *client, u protocol.DocumentURI, text, name string) (protocol.Position, bool) {
	if syms, err := c.documentSymbols(ctx, u); err == nil {
		for _, s := range flatten(syms) {
			if s.Name == name {
				return s.SelectionRange.Start, true
			}
		}
	}
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	for i, l := range strings.Split(text, "\n") {
		if loc := re.FindStringIndex(l); loc != nil {
			return protocol.Position{Line: uint32(i), Character: uint32(len(utf16.Encode([]rune(l[:loc[0]]))))}, true
		}
	}
	return protocol.Position{}, false
}

// symbol is a document symbol in either of the shapes a server may send.
type symbol struct {
	Name           string              `json:"name"`
	Detail         string              `json:"detail"`
	Kind           protocol.SymbolKind `json:"kind"`
	Range          protocol.Range      `json:"range"`
	SelectionRange protocol.Range      `json:"selectionRange"`
	Location       *protocol.Location  `json:"location"`
	Children       []symbol            `json:"children"`
	depth          int
}

func (c *client) documentSymbols(ctx context.Context, u protocol.DocumentURI) ([]symbol, error) {
	var syms []symbol
	err := c.call(ctx, protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms)
	for i := range syms {
		if syms[i].Location != nil { // SymbolInformation: a flat list
			syms[i].Range, syms[i].SelectionRange = syms[i].Location.Range, syms[i].Location.Range
		}
	}
	return syms, err
}

func flatten(syms []symbol) []symbol {
	var out []symbol
	var walk func([]symbol, int)
	walk = func(ss []symbol, depth int) {
		for _, s := range ss {
			s.depth = depth
			out = append(out, s)
			walk(s.Children, depth+1)
		}
	}
	walk(syms, 0)
	return out
}

func (m *Manager) listSymbols(syms []symbol, filter, rel string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Symbols in %s:", rel)
	n := 0
	for _, s := range flatten(syms) {
		if filter != "" && !strings.Contains(strings.ToLower(s.Name), strings.ToLower(filter)) {
			continue
		}
		if n++; n > 200 {
			b.WriteString("\n  …")
			break
		}
		fmt.Fprintf(&b, "\n  %s%s %s  line %d", strings.Repeat("  ", s.depth), kindName(s.Kind), s.Name, s.SelectionRange.Start.Line+1)
		if s.Detail != "" {
			fmt.Fprintf(&b, "  %s", strings.ReplaceAll(s.Detail, "\n", " "))
		}
	}
	if n == 0 {
		return "No symbols in " + rel + "."
	}
	return b.String()
}

// locations reads a definition or references result: a Location, a list
// of them, or a list of LocationLinks.
func locations(raw json.RawMessage) []protocol.Location {
	type either struct {
		URI                  protocol.DocumentURI `json:"uri"`
		Range                protocol.Range       `json:"range"`
		TargetURI            protocol.DocumentURI `json:"targetUri"`
		TargetSelectionRange protocol.Range       `json:"targetSelectionRange"`
	}
	var list []either
	if json.Unmarshal(raw, &list) != nil {
		var one either
		if json.Unmarshal(raw, &one) != nil || (one.URI == "" && one.TargetURI == "") {
			return nil
		}
		list = []either{one}
	}
	out := make([]protocol.Location, 0, len(list))
	for _, e := range list {
		if e.TargetURI != "" {
			out = append(out, protocol.Location{URI: e.TargetURI, Range: e.TargetSelectionRange})
		} else {
			out = append(out, protocol.Location{URI: e.URI, Range: e.Range})
		}
	}
	return out
}

func (m *Manager) listLocations(head string, locs []protocol.Location) string {
	if len(locs) == 0 {
		return "No locations found."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s:", head, count(len(locs), "place"))
	lines := map[string][]string{}
	for i, l := range locs {
		if i == maxLocations {
			fmt.Fprintf(&b, "\n  … and %d more", len(locs)-maxLocations)
			break
		}
		path := uri.URI(l.URI).Filename()
		if _, ok := lines[path]; !ok {
			b, _ := os.ReadFile(path)
			lines[path] = strings.Split(string(b), "\n")
		}
		src := ""
		if ls := lines[path]; int(l.Range.Start.Line) < len(ls) {
			src = strings.TrimSpace(ls[l.Range.Start.Line])
		}
		fmt.Fprintf(&b, "\n  %s  %s", m.place(l), src)
	}
	return b.String()
}

func (m *Manager) place(l protocol.Location) string {
	return fmt.Sprintf("%s:%d:%d", m.rel(uri.URI(l.URI).Filename()), l.Range.Start.Line+1, l.Range.Start.Character+1)
}

// hoverText reads a hover's contents: markup, a marked string, or a list.
func hoverText(raw json.RawMessage) string {
	var h struct {
		Contents json.RawMessage `json:"contents"`
	}
	if json.Unmarshal(raw, &h) != nil || len(h.Contents) == 0 {
		return ""
	}
	var parts []json.RawMessage
	if json.Unmarshal(h.Contents, &parts) != nil {
		parts = []json.RawMessage{h.Contents}
	}
	var out []string
	for _, p := range parts {
		var s string
		if json.Unmarshal(p, &s) == nil {
			out = append(out, s)
			continue
		}
		var mv struct {
			Value string `json:"value"`
		}
		if json.Unmarshal(p, &mv) == nil {
			out = append(out, mv.Value)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n\n"))
}

// position turns a 1-based line and column (characters) into the
// server's 0-based line and UTF-16 offset.
func position(text string, line, column int) protocol.Position {
	lines := strings.Split(text, "\n")
	if line < 1 {
		line = 1
	}
	pos := protocol.Position{Line: uint32(line - 1)}
	if line <= len(lines) && column > 1 {
		r := []rune(lines[line-1])
		pos.Character = uint32(len(utf16.Encode(r[:min(column-1, len(r))])))
	}
	return pos
}

func container(name string) string {
	if name == "" {
		return ""
	}
	return name + "."
}

func kindName(k protocol.SymbolKind) string {
	s := strings.ToLower(k.String())
	if s == "" || strings.HasPrefix(s, "symbolkind") {
		return "symbol"
	}
	return s
}
