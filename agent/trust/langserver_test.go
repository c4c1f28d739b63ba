package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// A language server the workspace brings (npm's link in node_modules/.bin
// to the package's script) runs only once trusted, and a change to the
// script it links to makes it inert again.
func TestProjectLanguageServerNeedsTrust(t *testing.T) {
	ws := t.TempDir()
	script := filepath.Join(ws, "node_modules", "typescript-language-server", "lib", "cli.mjs")
	if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte("#!/usr/bin/env node\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(ws, "node_modules", ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../typescript-language-server/lib/cli.mjs", filepath.Join(bin, "typescript-language-server")); err != nil {
		t.Fatal(err)
	}
	const rel = "node_modules/.bin/typescript-language-server"
	s := NewStore(t.TempDir())
	judged := func() (bool, string) {
		t.Helper()
		e, err := Open(ws, s)
		if err != nil {
			t.Fatal(err)
		}
		return e.TrustedLanguageServer(rel)
	}
	if ok, why := judged(); ok || why != "the workspace is not trusted" {
		t.Fatalf("untrusted: %v %q", ok, why)
	}
	items, err := List(ws)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Kind != KindLanguageServer || len(items[0].Refs) != 1 ||
		items[0].Refs[0].Path != "node_modules/typescript-language-server/lib/cli.mjs" {
		t.Fatalf("items %+v, want the server with the script it links to", items)
	}
	if err := s.Trust(ws, items...); err != nil {
		t.Fatal(err)
	}
	if ok, why := judged(); !ok {
		t.Fatalf("trusted: %v %q", ok, why)
	}
	if err := os.WriteFile(script, []byte("#!/usr/bin/env node\nsteal()\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if ok, why := judged(); ok || why != ReasonChanged {
		t.Fatalf("script changed: %v %q", ok, why)
	}
}
