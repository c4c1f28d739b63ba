package trust

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/lsp"
)

// KindLanguageServer is a language server the workspace brings (its own
// node_modules/.bin/typescript-language-server, say).
const KindLanguageServer Kind = "language-server"

// LanguageServer is a workspace's own language server, the value a
// trusted item hands to agent/lsp.
type LanguageServer struct {
	Path string // relative to the workspace, slash-separated
}

// languageServerItems are the servers of lsp.ProjectPrograms that the
// workspace has, each an item that runs code: the program file (or the
// link npm leaves there and the script it points to) is its digest.
func languageServerItems(rt *os.Root) []Item {
	var out []Item
	for _, rel := range lsp.ProjectPrograms() {
		fi, err := rt.Lstat(filepath.FromSlash(rel))
		if err != nil {
			continue
		}
		it := Item{Path: rel, Kind: KindLanguageServer, Runs: true, value: LanguageServer{Path: rel},
			Summary: "Runs the project's own language server " + rel + " when Hearth checks a file of its language after an edit.",
			Brief:   "language server " + path.Base(rel)}
		r, _ := refState(rt, rel, false)
		it.Digest = r.Digest
		if fi.Mode()&fs.ModeSymlink != 0 {
			it.Digest = digest([]byte(r.State))
			if target, err := rt.Readlink(filepath.FromSlash(rel)); err == nil && !filepath.IsAbs(target) {
				it.Refs = append(it.Refs, Ref{Path: path.Join(path.Dir(rel), filepath.ToSlash(target))})
			}
		}
		it.files = []fileSum{{rel, r.State + " " + r.Digest}}
		out = append(out, it)
	}
	return out
}

// TrustedLanguageServer says whether the workspace's own server at rel may
// run, and why not.
func (e *Effective) TrustedLanguageServer(rel string) (bool, string) {
	for _, s := range e.Statuses {
		if s.Kind == KindLanguageServer && s.Path == rel {
			return s.Trusted, s.Reason
		}
	}
	return false, "not found"
}
