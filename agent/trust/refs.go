package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxRefBytes bounds one referenced file hashed into an item's digest.
const maxRefBytes = 64 << 20

// projectDirVars are how a command names the workspace itself; a word that
// starts with one is a workspace path.
var projectDirVars = []string{"${CLAUDE_PROJECT_DIR}", "$CLAUDE_PROJECT_DIR", "${workspaceFolder}", "${PWD}", "$PWD"}

// implied are files a program reads as code without naming them.
var implied = map[string][]string{
	"make": {"Makefile", "makefile", "GNUmakefile"}, "just": {"justfile", "Justfile"},
	"npm": {"package.json"}, "npx": {"package.json"}, "pnpm": {"package.json"}, "yarn": {"package.json"}, "bun": {"package.json"},
}

// scriptExt marks a word as a file path even before the file exists.
var scriptExt = []string{".sh", ".bash", ".js", ".mjs", ".cjs", ".ts", ".py", ".rb", ".pl", ".php", ".jar", ".exe", ".ps1"}

// commandRefs are the words of shell command lines that may name workspace
// files, parsed the way a shell splits them.
func commandRefs(lines []string) []Ref {
	var out []Ref
	for _, ln := range lines {
		for _, args := range shellCalls(ln) {
			out = append(out, argvRefs([][]string{args})...)
		}
	}
	return out
}

// shellCalls parses a command line into its simple commands' words; a word
// with an expansion the parser cannot resolve is kept as written.
func shellCalls(line string) [][]string {
	for _, v := range projectDirVars {
		line = strings.ReplaceAll(line, v, ".")
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return [][]string{strings.Fields(line)}
	}
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			var args []string
			for _, a := range n.Assigns {
				if a.Value != nil {
					args = append(args, literal(a.Value))
				}
			}
			for _, w := range n.Args {
				args = append(args, literal(w))
			}
			out = append(out, args)
		case *syntax.Redirect:
			if n.Word != nil {
				out = append(out, []string{literal(n.Word)})
			}
		}
		return true
	})
	return out
}

// literal is a word's text with quotes removed; an expansion stays as "$".
func literal(w *syntax.Word) string {
	var b strings.Builder
	var parts func([]syntax.WordPart)
	parts = func(ps []syntax.WordPart) {
		for _, p := range ps {
			switch p := p.(type) {
			case *syntax.Lit:
				b.WriteString(p.Value)
			case *syntax.SglQuoted:
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				parts(p.Parts)
			default:
				b.WriteString("$")
			}
		}
	}
	parts(w.Parts)
	return b.String()
}

// argvRefs are the words of programs with their arguments that may name
// workspace files, with the files their programs imply.
func argvRefs(argv [][]string) []Ref {
	var out []Ref
	for _, args := range argv {
		for i, a := range args {
			if _, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "-") {
				a = v
			}
			for _, pv := range projectDirVars {
				if rest, ok := strings.CutPrefix(a, pv); ok {
					a = "." + rest
				}
			}
			if a == "" || strings.HasPrefix(a, "~") || strings.Contains(a, "$") || strings.HasPrefix(a, "-") {
				continue
			}
			out = append(out, Ref{Path: a})
			if i == 0 || (i == 1 && isWrapper(args[0])) {
				for _, f := range implied[path.Base(a)] {
					out = append(out, Ref{Path: f, State: "implied"})
				}
			}
		}
	}
	return out
}

func isWrapper(p string) bool {
	switch path.Base(p) {
	case "exec", "env", "nohup", "time", "timeout", "nice", "command", "sudo":
		return true
	}
	return false
}

// seal resolves an item's candidate refs against the workspace, keeping
// those that are workspace files (or look like one that is missing), and
// digests the item with them and the folder it is in.
func seal(rt *os.Root, canon, folder string, it *Item) {
	seen := map[string]bool{}
	var refs []Ref
	for _, c := range it.Refs {
		rel, ok := inside(canon, c.Path)
		if !ok || seen[rel] || rel == it.Path {
			continue
		}
		r, keep := refState(rt, rel, c.State == "implied")
		if keep {
			seen[rel] = true
			refs = append(refs, r)
		}
	}
	slices.SortFunc(refs, func(a, b Ref) int { return strings.Compare(a.Path, b.Path) })
	it.Refs, it.folder = refs, folder
	for _, r := range refs {
		sum := r.Digest
		if sum == "" {
			sum = r.State
		}
		it.files = append(it.files, fileSum{r.Path, sum})
	}
	it.bytes = it.Digest
	it.Digest = it.digestIn(folder)
}

// digestIn is the item's digest had it been read in folder: the same
// bytes and files in another folder (a worktree made from it) give the
// digest that folder's record holds for them.
func (it *Item) digestIn(folder string) string {
	h := sha256.New()
	fmt.Fprintf(h, "item\x00%s\x00%s\nfolder\x00%s\n", it.Path, it.bytes, folder)
	for _, r := range it.Refs {
		fmt.Fprintf(h, "ref\x00%s\x00%s\x00%s\n", r.Path, r.State, r.Digest)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// inside turns a word into a clean workspace-relative path, or says it
// names nothing in the workspace.
func inside(canon, word string) (string, bool) {
	p := word
	if filepath.IsAbs(p) {
		rel, err := filepath.Rel(canon, p)
		if err != nil {
			return "", false
		}
		p = filepath.ToSlash(rel)
	}
	p = path.Clean(p)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		return "", false
	}
	return p, true
}

// refState says what rel is now; keep is false for a bare word (a program
// name such as "sh", an argument such as "-c") that is no workspace file.
func refState(rt *os.Root, rel string, implied bool) (Ref, bool) {
	r := Ref{Path: rel}
	fi, err := rt.Lstat(filepath.FromSlash(rel))
	switch {
	case err != nil:
		looksLikePath := strings.Contains(rel, "/") || slices.Contains(scriptExt, path.Ext(rel))
		r.State = "missing"
		return r, looksLikePath && !implied
	case fi.Mode()&fs.ModeSymlink != 0:
		target, _ := rt.Readlink(filepath.FromSlash(rel))
		r.State = "link to " + target
		return r, true
	case fi.IsDir():
		return r, false
	case !fi.Mode().IsRegular():
		r.State = "not a regular file"
		return r, true
	}
	r.State = "file"
	r.Digest = hashRef(rt, rel)
	return r, true
}

// hashRef digests a referenced file; one that cannot be read gets a digest
// naming why, so it never matches a trusted one.
func hashRef(rt *os.Root, rel string) string {
	f, err := rt.OpenFile(filepath.FromSlash(rel), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "unreadable: not a regular file"
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, maxRefBytes+1))
	if err != nil {
		return "unreadable: " + err.Error()
	}
	if n > maxRefBytes {
		return fmt.Sprintf("unreadable: over %d MB", maxRefBytes>>20)
	}
	return hex.EncodeToString(h.Sum(nil))
}
