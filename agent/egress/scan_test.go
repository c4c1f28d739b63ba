package egress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allowed names the packages (directories from the repository root) that
// may build their own HTTP client or transport, and why. A package added
// here still wraps what it builds with Wrap or Wrapper.
var allowed = map[string]string{
	"agent/egress": "the layer itself",
	"test":         "test programs, not Hearth",
	// The HTTP server and client test binaries become; never in Hearth.
	"internal/testserve": "test programs, not Hearth",
}

// No package outside agent/egress builds an http.Client or Transport or
// uses Go's default client: every request goes through the layer, where
// it is recorded and the offline switch holds.
func TestOnlyEgressBuildsHTTPClients(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	scanned := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch base := d.Name(); {
			case rel != "." && (strings.HasPrefix(base, ".") || base == "node_modules" || base == "frontend" || base == "testdata"):
				return filepath.SkipDir
			case isAllowed(rel):
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		scanned++
		for _, use := range httpUses(f) {
			t.Errorf("%s:%d: %s outside agent/egress: use egress.Client or egress.Wrap", rel, fset.Position(use.pos).Line, use.what)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 100 {
		t.Fatalf("scanned only %d files from %s", scanned, root)
	}
}

func isAllowed(rel string) bool {
	for dir := range allowed {
		if rel == dir || strings.HasPrefix(rel, dir+"/") {
			return true
		}
	}
	return false
}

type httpUse struct {
	pos  token.Pos
	what string
}

// httpUses finds, in a file importing net/http, literals of http.Client or
// http.Transport and uses of the default client, transport and helpers.
func httpUses(f *ast.File) []httpUse {
	name := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "net/http" {
			name = "http"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	isHTTP := func(e ast.Expr, sels ...string) (string, bool) {
		s, ok := e.(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		if id, ok := s.X.(*ast.Ident); !ok || id.Name != name {
			return "", false
		}
		for _, want := range sels {
			if s.Sel.Name == want {
				return "http." + want, true
			}
		}
		return "", false
	}
	var out []httpUse
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if w, ok := isHTTP(n.Type, "Client", "Transport"); ok {
				out = append(out, httpUse{n.Pos(), w + "{…}"})
			}
		case *ast.SelectorExpr:
			if w, ok := isHTTP(n, "DefaultClient", "DefaultTransport", "Get", "Head", "Post", "PostForm"); ok {
				out = append(out, httpUse{n.Pos(), w})
			}
		}
		return true
	})
	return out
}
