package trust

import (
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// clonedFolder is a workspace carrying every kind of project item; each
// one that runs code would write a canary file if it ever ran.
func clonedFolder(t *testing.T) (ws, canaries string) {
	t.Helper()
	ws, canaries = t.TempDir(), t.TempDir()
	c := func(name string) string { return "touch " + filepath.Join(canaries, name) }
	files := map[string]string{
		".mcp.json":                          `{"mcpServers":{"evil":{"command":"sh","args":["-c","` + c("mcp") + `"]},"remote":{"url":"https://mcp.example.com"}}}`,
		".claude/settings.json":              `{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"` + c("hook-pre") + `"}]}]}}`,
		".claude/settings.local.json":        `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"` + c("hook-start") + `"}]}]},"permissions":{"allow":["Bash(*)"]}}`,
		".hearth/settings.json":              `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"` + c("hook-stop") + `"}]}]}}`,
		PermissionsPath:                      `{"rules":[{"tool":"shell","pattern":"touch *","effect":"allow"},{"tool":"shell","pattern":"curl *","effect":"allow"},{"tool":"edit","pattern":"secrets/**","effect":"deny"}]}`,
		".claude/commands/deploy.md":         "Deploy now.\n\n!`" + c("cmd") + "`\n",
		".claude/commands/explain.md":        "Explain the code.\n",
		".hearth/commands/ops/up.md":         "!`" + c("cmd2") + "`\n",
		".claude/agents/reviewer.md":         "---\nname: reviewer\ndescription: reviews code\ntools: Bash, Edit\n---\nYou review.\n",
		".claude/skills/pdf/SKILL.md":        "---\nname: pdf\ndescription: fills PDF forms\n---\nRun scripts/fill.sh\n",
		".claude/skills/pdf/scripts/fill.sh": c("skill") + "\n",
		".agents/skills/lint/SKILL.md":       "---\nname: lint\ndescription: lints\n---\n",
		".hearth/skills/fmt/SKILL.md":        "---\nname: fmt\ndescription: formats\n---\n",
	}
	for p, body := range files {
		full := filepath.Join(ws, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws, canaries
}

func byPath(items []Item) map[string]Item {
	m := map[string]Item{}
	for _, it := range items {
		m[it.Path] = it
	}
	return m
}

func TestListDescribesEveryKind(t *testing.T) {
	ws, canaries := clonedFolder(t)
	items, err := List(ws)
	if err != nil {
		t.Fatal(err)
	}
	got := byPath(items)
	tests := []struct {
		path  string
		kind  Kind
		runs  bool
		brief string
		says  []string
	}{
		{".mcp.json", KindMCP, true, "2 MCP servers", []string{"starts `sh -c touch", `as MCP server "evil"`, "connects to `https://mcp.example.com`"}},
		{".claude/settings.json", KindHooks, true, "1 hook", []string{"runs `touch", "before tool calls matching `Edit`"}},
		{".claude/settings.local.json", KindHooks, true, "1 hook", []string{"when a session starts", "Hearth does not apply its permissions"}},
		{".hearth/settings.json", KindHooks, true, "1 hook", []string{"when the agent stops"}},
		{PermissionsPath, KindPermissions, true, "2 allow rules", []string{"shell `touch *`", "shell `curl *`", "1 other rule"}},
		{".claude/commands/deploy.md", KindCommand, true, "1 shell line", []string{"/deploy runs `touch"}},
		{".claude/commands/explain.md", KindCommand, false, "a prompt", []string{"/explain is a prompt"}},
		{".hearth/commands/ops/up.md", KindCommand, true, "1 shell line", []string{"/ops:up runs"}},
		{".claude/agents/reviewer.md", KindAgent, true, "subagent", []string{`"reviewer" with tools shell, edit_file: reviews code`}},
		{".claude/skills/pdf", KindSkill, true, "skill", []string{`"pdf": fills PDF forms`, "bundles scripts/fill.sh"}},
		{".agents/skills/lint", KindSkill, true, "skill", []string{`"lint"`}},
		{".hearth/skills/fmt", KindSkill, true, "skill", []string{`"fmt"`}},
	}
	if len(items) != len(tests) {
		t.Errorf("listed %d items, want %d: %+v", len(items), len(tests), items)
	}
	for _, tc := range tests {
		it, ok := got[tc.path]
		if !ok {
			t.Errorf("%s not listed", tc.path)
			continue
		}
		if it.Kind != tc.kind || it.Runs != tc.runs || it.Brief != tc.brief || len(it.Digest) != 64 || it.Err != "" {
			t.Errorf("%s = %+v", tc.path, it)
		}
		for _, s := range tc.says {
			if !strings.Contains(it.Summary, s) {
				t.Errorf("%s summary %q lacks %q", tc.path, it.Summary, s)
			}
		}
	}
	if ents, _ := os.ReadDir(canaries); len(ents) != 0 {
		t.Errorf("listing ran something: %v", ents)
	}
}

func TestTrustLifecycle(t *testing.T) {
	ws, _ := clonedFolder(t)
	s := NewStore(t.TempDir())
	items, _ := List(ws)
	for _, st := range s.Check(ws, items) {
		if st.Trusted != !st.Runs {
			t.Errorf("untrusted workspace: %s trusted=%v (%s)", st.Path, st.Trusted, st.Reason)
		}
	}
	if err := s.Trust(ws, items...); err != nil {
		t.Fatal(err)
	}
	// A fresh store reads the record from disk, keyed by the canonical
	// path: a symlink to the workspace is the same workspace.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(ws, link); err != nil {
		t.Fatal(err)
	}
	s2 := NewStore(s.dir)
	for _, st := range s2.Check(link, items) {
		if !st.Trusted {
			t.Errorf("trusted workspace: %s not trusted (%s)", st.Path, st.Reason)
		}
	}
	// One file changes: only it goes inert.
	os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(`{"mcpServers":{"x":{"command":"rm"}}}`), 0o644)
	now, _ := List(ws)
	for _, st := range s2.Check(ws, now) {
		want := st.Path != ".mcp.json"
		if st.Trusted != want {
			t.Errorf("after change: %s trusted=%v (%s)", st.Path, st.Trusted, st.Reason)
		}
		if st.Path == ".mcp.json" && st.Reason != "changed since it was trusted" {
			t.Errorf("reason %q", st.Reason)
		}
	}
	if w := Warning(s2.Check(ws, now)); !strings.Contains(w, ".mcp.json (changed since trusted; 1 MCP server)") || strings.Contains(w, "permissions") {
		t.Errorf("warning %q", w)
	}
	// A new item added after trust is not trusted either.
	os.WriteFile(filepath.Join(ws, ".claude/commands/new.md"), []byte("!`id`"), 0o644)
	it := item(t, ws, ".claude/commands/new.md")
	if ok, why := s2.Trusted(ws, it); ok || why != "added after the workspace was trusted" {
		t.Errorf("new item: %v %q", ok, why)
	}
	if err := s2.Forget(ws); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s2.Trusted(ws, byPath(now)[PermissionsPath]); ok {
		t.Error("forgotten workspace still trusted")
	}
	if fi, err := os.Stat(filepath.Join(s.dir, FileName)); err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600) {
		t.Errorf("record: %v %v", fi, err)
	}
}

func TestTrustForRunIsNeverStored(t *testing.T) {
	ws, _ := clonedFolder(t)
	dir := t.TempDir()
	s := NewStore(dir)
	if err := s.TrustForRun(ws); err != nil {
		t.Fatal(err)
	}
	it := item(t, ws, PermissionsPath)
	if ok, why := s.Trusted(ws, it); !ok || !strings.Contains(why, "--trust") {
		t.Errorf("run trust: %v %q", ok, why)
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); !os.IsNotExist(err) {
		t.Errorf("run trust wrote a record: %v", err)
	}
	if ok, _ := NewStore(dir).Trusted(ws, it); ok {
		t.Error("run trust outlived its store")
	}
}

func TestWarningIsOneLine(t *testing.T) {
	ws, _ := clonedFolder(t)
	// A file name with a newline and an escape cannot break the line.
	os.WriteFile(filepath.Join(ws, ".claude/commands", "x\n\x1b[2Jy.md"), []byte("!`id`"), 0o644)
	items, _ := List(ws)
	w := Warning(NewStore(t.TempDir()).Check(ws, items))
	if strings.ContainsAny(w, "\n\x1b") || !strings.HasPrefix(w, "untrusted workspace: ignoring .mcp.json (2 MCP servers)") ||
		!strings.Contains(w, ".hearth/permissions.json (2 allow rules)") || strings.Contains(w, "explain.md") {
		t.Errorf("warning %q", w)
	}
}

// item is the listed item at rel.
func item(t *testing.T, ws, rel string) Item {
	t.Helper()
	items, err := List(ws)
	if err != nil {
		t.Fatal(err)
	}
	it, ok := byPath(items)[rel]
	if !ok {
		t.Fatalf("%s not listed", rel)
	}
	return it
}

// A removed worktree is forgotten after it is gone, nested or not; the
// folders beside it keep their trust.
func TestForgetAFolderAlreadyRemoved(t *testing.T) {
	for _, nested := range []string{"tree", "tree/sub"} {
		t.Run(nested, func(t *testing.T) {
			root := t.TempDir()
			gone, kept := filepath.Join(root, filepath.FromSlash(nested)), filepath.Join(root, "kept")
			s := NewStore(t.TempDir())
			for _, ws := range []string{gone, kept} {
				if err := os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755); err != nil {
					t.Fatal(err)
				}
				os.WriteFile(filepath.Join(ws, PermissionsPath), []byte(`{"rules":[]}`), 0o644)
				if err := s.Trust(ws, item(t, ws, PermissionsPath)); err != nil {
					t.Fatal(err)
				}
			}
			goneKey, _ := Canonical(gone)
			if err := os.RemoveAll(filepath.Join(root, "tree")); err != nil {
				t.Fatal(err)
			}
			if err := s.Forget(gone); err != nil {
				t.Fatal(err)
			}
			rec, err := s.load()
			if err != nil {
				t.Fatal(err)
			}
			keptKey, _ := Canonical(kept)
			if _, ok := rec.Workspaces[goneKey]; ok || rec.Workspaces[keptKey] == nil {
				t.Errorf("after Forget the record holds %v", slices.Collect(maps.Keys(rec.Workspaces)))
			}
		})
	}
}
