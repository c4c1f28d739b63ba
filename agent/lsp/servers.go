// Package lsp runs the workspace's language servers for the agent: one per
// language, started on first need, stopped when idle or when the project
// closes, restarted with backoff when one crashes. It tells the tools which
// errors an edit introduced and answers definition, references, hover and
// symbol questions. Protocol types come from go.lsp.dev/protocol, the
// JSON-RPC transport from github.com/sourcegraph/jsonrpc2.
package lsp

import (
	"os"
	"path/filepath"
	"strings"
)

// Program is one language server Hearth knows how to start.
type Program struct {
	Name string   // the executable, looked up on PATH and in the project
	Args []string // e.g. --stdio
	// Project is where the workspace may bring its own copy (a path
	// relative to the workspace); such a copy runs only when trusted.
	Project string
	// Init gives the server's initializationOptions, from the path of the
	// executable found; nil sends none.
	Init func(path string) any
}

// Language is a language with the servers that understand it, in order of
// preference, and the files it covers (extension → LSP language id).
type Language struct {
	Name     string
	Files    map[string]string
	Programs []Program
}

func npmBin(name string) string { return "node_modules/.bin/" + name }

// Known are the languages and servers Hearth looks for.
var Known = []Language{
	{Name: "go", Files: map[string]string{".go": "go"}, Programs: []Program{{Name: "gopls"}}},
	{Name: "typescript", Files: map[string]string{
		".ts": "typescript", ".tsx": "typescriptreact", ".mts": "typescript", ".cts": "typescript",
		".js": "javascript", ".jsx": "javascriptreact", ".mjs": "javascript", ".cjs": "javascript",
	}, Programs: []Program{{Name: "typescript-language-server", Args: []string{"--stdio"}, Project: npmBin("typescript-language-server"),
		Init: typescriptInit}}},
	{Name: "python", Files: map[string]string{".py": "python", ".pyi": "python"}, Programs: []Program{
		{Name: "basedpyright-langserver", Args: []string{"--stdio"}, Project: npmBin("basedpyright-langserver")},
		{Name: "pyright-langserver", Args: []string{"--stdio"}, Project: npmBin("pyright-langserver")},
	}},
	{Name: "rust", Files: map[string]string{".rs": "rust"}, Programs: []Program{{Name: "rust-analyzer", Init: rustInit}}},
	{Name: "c", Files: map[string]string{
		".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
	}, Programs: []Program{{Name: "clangd"}}},
}

// typescriptInit turns off automatic type acquisition (it would fetch
// @types packages from the network when a file opens) and points the
// server at the TypeScript installed beside it: left alone it prefers the
// workspace's node_modules/typescript, code from the folder.
func typescriptInit(path string) any {
	opts := map[string]any{"disableAutomaticTypingAcquisition": true}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		// npm's layout: <prefix>/node_modules/typescript-language-server/lib/cli.mjs
		// beside <prefix>/node_modules/typescript, or a copy of its own.
		pkg := filepath.Dir(filepath.Dir(real))
		for _, ts := range []string{
			filepath.Join(pkg, "node_modules", "typescript", "lib", "tsserver.js"),
			filepath.Join(filepath.Dir(pkg), "typescript", "lib", "tsserver.js"),
		} {
			if _, err := os.Stat(ts); err == nil {
				opts["tsserver"] = map[string]any{"path": ts}
				break
			}
		}
	}
	return opts
}

// rustInit keeps rust-analyzer from building the workspace: build scripts,
// proc macros and cargo check on save run the folder's own code.
func rustInit(string) any {
	return map[string]any{
		"cargo":       map[string]any{"buildScripts": map[string]any{"enable": false}},
		"procMacro":   map[string]any{"enable": false},
		"checkOnSave": false,
	}
}

// ProjectPrograms are the workspace paths of every server a project may
// bring, for agent/trust to list as items.
func ProjectPrograms() []string {
	var out []string
	for _, l := range Known {
		for _, p := range l.Programs {
			if p.Project != "" {
				out = append(out, p.Project)
			}
		}
	}
	return out
}

// languageOf is the language of a file and its LSP language id.
func languageOf(langs []Language, path string) (*Language, string) {
	ext := strings.ToLower(filepath.Ext(path))
	for i := range langs {
		if id, ok := langs[i].Files[ext]; ok {
			return &langs[i], id
		}
	}
	return nil, ""
}
