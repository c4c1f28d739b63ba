package knowledge

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/query"
)

func TestDefQueryKeepsTheDefiningFiles(t *testing.T) {
	// The users name ParseArgs more often than its definition does; the
	// big file defines it past the size whose definers a plain word query
	// reads whole.
	big := strings.Repeat("// filler line that names nothing in particular\n", 200<<10/48)
	x := openFiles(t, map[string]string{
		"cli/args.go":    "package cli\n\n// ParseArgs reads argv.\nfunc ParseArgs(argv []string) error {\n\treturn nil\n}\n",
		"cli/main.go":    "package cli\n\nfunc main() {\n\tParseArgs(os.Args)\n\tParseArgs(nil)\n\tParseArgs(argv)\n}\n",
		"tool/args.py":   "def parse_args(argv):\n    return argv\n",
		"tool/run.py":    "from args import parse_args\nparse_args([])\n",
		"gen/table.go":   "package gen\n\n" + big + "var ParseArgs = makeParser()\n",
		"docs/README.md": "Type ParseArgs to parse.\n",
	})
	cases := []struct {
		q     string
		paths []string
		lines map[string]int
	}{
		{"def:ParseArgs", []string{"cli/args.go", "gen/table.go"}, map[string]int{"cli/args.go": 4, "gen/table.go": 3 + 200<<10/48}},
		{"def:parseargs ext:go path:cli/", []string{"cli/args.go"}, map[string]int{"cli/args.go": 4}},
		{"def:parse_args", []string{"tool/args.py"}, map[string]int{"tool/args.py": 1}},
		{"def:ParseArgs argv", []string{"cli/args.go"}, map[string]int{"cli/args.go": 4}},
		{"def:ParseArgs /argv\\s*\\[\\]/", []string{"cli/args.go"}, map[string]int{"cli/args.go": 4}}, // a scan
		{"def:main", []string{"cli/main.go"}, map[string]int{"cli/main.go": 3}},
		{"def:makeParser", nil, nil}, // named, defined nowhere
		{"def:nowhere", nil, nil},
		{"def: ParseArgs", []string{"cli/args.go", "cli/main.go", "docs/README.md", "gen/table.go"}, nil}, // still being typed
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			res, err := x.Search(context.Background(), c.q, 20)
			if err != nil {
				t.Fatal(err)
			}
			if got := hitPaths(res); !slices.Equal(got, c.paths) {
				t.Fatalf("paths %q, want %q", got, c.paths)
			}
			for _, h := range res.Hits {
				if want, ok := c.lines[h.Path]; ok && (h.Line != want || !h.Defines) {
					t.Errorf("%s: line %d (%q), defines %v; want line %d, a definition", h.Path, h.Line, h.Snippet, h.Defines, want)
				}
			}
		})
	}
}

func TestDefQueryErrors(t *testing.T) {
	x := openFiles(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	for _, q := range []string{"-def:A", "def:a.b", "def:A*", "def:\"A B\"", "def:-", "def:"} {
		_, err := x.Search(context.Background(), q, 10)
		if !errors.Is(err, ErrBadQuery) {
			t.Errorf("Search(%q) err = %v, want ErrBadQuery", q, err)
		}
	}
}

// A scan that reads files the index did not pick (while the first build
// runs) keeps those defining each def: name by their lines.
func TestDefinesIn(t *testing.T) {
	def := func(name string) query.Term {
		t.Helper()
		d, err := parseTerm("def:" + name)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	word, err := parseTerm("argv")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		rel, text string
		terms     []query.Term
		want      bool
	}{
		{"a.go", "func ParseArgs(argv []string) {}\n", []query.Term{def("ParseArgs"), word}, true},
		{"b.go", "\tParseArgs(argv)\n", []query.Term{def("ParseArgs"), word}, false},
		{"c.md", "func ParseArgs(argv []string) {}\n", []query.Term{def("ParseArgs")}, false}, // prose defines nothing
		{"d.go", "func A() {}\n", []query.Term{word}, true},                                   // no def: term
		{"e.go", "func ParseArgs() {}\n", []query.Term{def("ParseArgs"), def("Other")}, false},
		{"f.go", "var parseargs = 1\n", []query.Term{def("ParseArgs")}, false}, // a capital asks for that case
		{"g.go", "var ParseArgs = 1\n", []query.Term{def("parseargs")}, true},
	}
	for _, c := range cases {
		if got := definesIn([]byte(c.text), c.rel, c.terms); got != c.want {
			t.Errorf("%s: definesIn = %v, want %v", c.rel, got, c.want)
		}
	}
}

// def:Name with a capital is spelled so (smart case, as a regex); in
// lowercase it takes any case.
func TestDefQueryMatchesCaseWhenItHasACapital(t *testing.T) {
	x := openFiles(t, map[string]string{
		"a.go": "package a\n\nvar timeout = 5\n",
		"b.go": "package b\n\nvar timeout = 1\n\ntype Client struct {\n\tTimeout time.Duration\n}\n",
		"c.go": "package c\n\nfunc Timeout() {}\n",
		"d.go": "package d\n\nfunc wait() { sleep(Timeout) }\n",
	})
	cases := []struct {
		q     string
		lines map[string]int
	}{
		{"def:Timeout", map[string]int{"b.go": 6, "c.go": 3}},
		{"def:timeout", map[string]int{"a.go": 3, "b.go": 3, "c.go": 3}},
		{"def:TimeOut", nil},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			res, err := x.Search(context.Background(), c.q, 20)
			if err != nil {
				t.Fatal(err)
			}
			if res.Total != len(c.lines) || len(res.Hits) != len(c.lines) {
				t.Fatalf("total %d, hits %q; want %d", res.Total, hitPaths(res), len(c.lines))
			}
			for _, h := range res.Hits {
				if want, ok := c.lines[h.Path]; !ok || h.Line != want || !h.Defines {
					t.Errorf("%s: line %d (%q), defines %v; want line %d", h.Path, h.Line, h.Snippet, h.Defines, want)
				}
			}
		})
	}
}
