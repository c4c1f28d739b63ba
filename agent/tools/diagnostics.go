package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Diagnoser is what the workspace's language servers give the tools
// (agent/lsp provides it): the errors a change introduced, a file's or the
// project's problems, and questions about code.
type Diagnoser interface {
	// Available says whether a server runs for one of the workspace's
	// languages, so the diagnostics and lsp tools are worth offering.
	Available() bool
	// Before is called with a file's content just before a change (old is
	// nil when existed is false); the func it returns, called with the new
	// content once written, says which errors the change introduced ("" for
	// none). Nil when the file's language has no server.
	Before(ctx context.Context, abs string, old []byte, existed bool) func(ctx context.Context, updated []byte) string
	FileDiagnostics(ctx context.Context, abs string) (string, error)
	ProjectDiagnostics(ctx context.Context) (string, error)
	// Navigate answers op (definition, references, hover, symbols) at a
	// 1-based line and column of abs, or for a symbol by name.
	Navigate(ctx context.Context, op, abs string, line, column int, symbol string) (string, error)
}

// DiagnosticsParams are the diagnostics tool's arguments.
type DiagnosticsParams struct {
	Path string `json:"path,omitempty"`
}

// Diagnostics lists the errors and warnings a language server reports.
type Diagnostics struct{ s *session }

var _ tool.Tool = (*Diagnostics)(nil)

const diagnosticsDescription = `Errors and warnings the language server reports for a file (path), or for the whole project (no path). Edits already report the errors they introduce.`

const diagnosticsSchema = `{"type":"object","properties":{"path":{"type":"string"}}}`

// ReadOnly lets calls run beside other reads: it changes no file.
func (t *Diagnostics) ReadOnly() bool { return true }

// Definition implements tool.Tool.
func (t *Diagnostics) Definition() tool.Definition {
	return definition("diagnostics", diagnosticsDescription, diagnosticsSchema)
}

// Run implements tool.Tool.
func (t *Diagnostics) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p DiagnosticsParams
	if err := decode("diagnostics", args, &p); err != nil {
		return "", err
	}
	if p.Path == "" {
		return t.s.diagnoser.ProjectDiagnostics(ctx)
	}
	abs, err := t.s.readable(ctx, "diagnostics", p.Path)
	if err != nil {
		return "", err
	}
	out, err := t.s.diagnoser.FileDiagnostics(ctx, abs)
	if err != nil {
		return "", fmt.Errorf("diagnostics: %w", err)
	}
	return out, nil
}

// LSPParams are the lsp tool's arguments.
type LSPParams struct {
	Operation string `json:"operation"`
	Path      string `json:"path,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	Symbol    string `json:"symbol,omitempty"`
}

// LSP asks the language server about code: where a name is defined, where
// it is used, what it is, what a file declares.
type LSP struct{ s *session }

var _ tool.Tool = (*LSP)(nil)

const lspDescription = `Ask the language server. operation: definition, references, hover (type and docs) or symbols (what a file declares; with only symbol, search the workspace). Give path with line and column (1-based, as read_file shows), or a symbol name (with path to look in that file).`

const lspSchema = `{"type":"object","properties":{"operation":{"type":"string","enum":["definition","references","hover","symbols"]},"path":{"type":"string"},"line":{"type":"integer","minimum":1},"column":{"type":"integer","minimum":1},"symbol":{"type":"string"}},"required":["operation"]}`

// ReadOnly lets calls run beside other reads: it changes no file.
func (t *LSP) ReadOnly() bool { return true }

// Definition implements tool.Tool.
func (t *LSP) Definition() tool.Definition { return definition("lsp", lspDescription, lspSchema) }

// Run implements tool.Tool.
func (t *LSP) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p LSPParams
	if err := decode("lsp", args, &p); err != nil {
		return "", err
	}
	switch p.Operation {
	case "definition", "references", "hover", "symbols":
	default:
		return "", fmt.Errorf("lsp: operation must be definition, references, hover or symbols, not %q", p.Operation)
	}
	abs := ""
	if p.Path != "" {
		var err error
		if abs, err = t.s.readable(ctx, "lsp", p.Path); err != nil {
			return "", err
		}
	}
	switch {
	case p.Operation == "symbols" && abs == "" && p.Symbol == "":
		return "", fmt.Errorf("lsp: symbols needs a path, or a symbol name to search the workspace for")
	case p.Operation != "symbols" && p.Symbol == "" && (abs == "" || p.Line < 1):
		return "", fmt.Errorf("lsp: %s needs path with line (and column), or a symbol name", p.Operation)
	}
	out, err := t.s.diagnoser.Navigate(ctx, p.Operation, abs, p.Line, p.Column, p.Symbol)
	if err != nil {
		return "", fmt.Errorf("lsp: %w", err)
	}
	return out, nil
}

// readable confines a path the model named and asks the gate to read it,
// as read_file does: a language server reads what it is pointed at.
func (s *session) readable(ctx context.Context, toolName, p string) (string, error) {
	rel, err := s.root.Rel(p)
	if err != nil {
		return "", err
	}
	if err := s.gate.Check(ctx, permission.Request{Tool: toolName, Kind: permission.KindRead, Path: rel}); err != nil {
		return "", err
	}
	fi, err := s.root.Stat(rel)
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return "", fmt.Errorf("%s: %s is a directory", toolName, rel)
	}
	return s.root.Abs(rel), nil
}
