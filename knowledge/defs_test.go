package knowledge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// definitionTerms turns the names package defs finds into the content
// field's whole terms, each once (the rules themselves are tested there).
func TestDefinitionTerms(t *testing.T) {
	cases := []struct {
		name, lang, text string
		want             []string
	}{
		{"go func and method", "go", "func NewReader(r io.Reader) *Reader {\nfunc (b *Reader) ReadByte() (byte, error) {", []string{"newreader", "readbyte"}},
		{"a name defined twice counts once", "go", "func init() {}\nfunc init() {}", []string{"init"}},
		{"many names, each once", "go", strings.Repeat("var (\n\tA = 1\n)\n", 3) + manyConsts(40) + manyConsts(40), constNames(40)},
		{"prose defines nothing", "markdown", "Type a command\nclass of 2020\nfunction keys\nconst x = 1", nil},
		{"underscores only name nothing", "python", "_ = 1\n__ = 2\nok = 3", []string{"ok"}},
		{"a name beyond ASCII goes through the analyzer", "go", "func Größe() {}", []string{"größe"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			terms, _ := definitionTerms([]byte(c.text), c.lang)
			for _, term := range terms {
				got = append(got, string(term))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("definitionTerms = %q, want %q", got, c.want)
			}
		})
	}
}

func TestSearchRanksTheDefinitionFirst(t *testing.T) {
	// The defining files are long and name the word once; the files using
	// it are short and name it often: BM25 alone ranks them first.
	uses := strings.Repeat("\tr := NewBufferedReader(src)\n", 6)
	more := strings.Repeat("\tn += copyBytes(dst, src, limit)\n", 300)
	x := openFiles(t, map[string]string{
		"cmd/main.go": "package main\n\nfunc main() {\n" + uses + "}\n",
		"cmd/tool.go": "package main\n\nfunc tool() {\n" + uses + "}\n",
		"lib/buffered.go": "package lib\n\n" + strings.Repeat("// NewBufferedReader reads ahead.\n", 6) +
			"func NewBufferedReader(src io.Reader) *Reader {\n" + more + "}\n",
		"lib/errors.go": "package lib\n\nvar (\n\tErrClosed = errors.New(\"closed\")\n)\n\nfunc g() {\n" + more + "}\n",
		"lib/use.go":    "package lib\n\nfunc f() error {\n\treturn ErrClosed\n\treturn ErrClosed\n\treturn ErrClosed\n}\n",
	})
	cases := []struct{ q, first string }{
		{"NewBufferedReader", "lib/buffered.go"},
		{"newbufferedreader", "lib/buffered.go"},
		{"ErrClosed", "lib/errors.go"},
		{"NewBufferedReader src", "lib/buffered.go"},
	}
	for _, c := range cases {
		var ranked []string
		for _, h := range search(t, x, c.q).Hits {
			ranked = append(ranked, h.Path)
		}
		if len(ranked) < 2 || ranked[0] != c.first {
			t.Errorf("%q ranks %q, want %s first", c.q, ranked, c.first)
		}
	}
	// A file defining the word is no hit unless the query finds it.
	if paths := hitPaths(search(t, x, "NewBufferedReader tool")); !slices.Equal(paths, []string{"cmd/tool.go"}) {
		t.Errorf("NewBufferedReader tool = %q, want only cmd/tool.go", paths)
	}
}

func TestHitShowsTheDefinitionLine(t *testing.T) {
	more := strings.Repeat("\tn += copyBytes(dst, src, limit)\n", 3000) // past a lone word's first window
	x := openFiles(t, map[string]string{
		// Six mentions come first: a lone word's five lines are found
		// before its definition.
		"lib/buffered.go": "package lib\n\n" + strings.Repeat("// NewBufferedReader reads ahead.\n", 6) + more +
			"func NewBufferedReader(src io.Reader) *Reader {\n}\n",
		"lib/use.go": "package lib\n\nvar r = NewBufferedReader(nil)\n",
		// An assignment in a function body is one tab in, as a group's
		// member is: only the member defines.
		"lib/errs.go": "package lib\n\nfunc reset() {\n\tErrGone = nil\n}\n\nvar (\n\t// ErrGone is returned late.\n\tErrGone = errors.New(\"gone\")\n)\n",
		// A C function below its return type, after a use at file level.
		"src/args.c": "/* parse_args reads argv. */\nint n = parse_args(0, 0);\nstatic int\nparse_args (int argc, char **argv)\n{\n",
		// A method named by itself, after a call of it.
		"web/app.js": "class App {\n  update() { this.repaint() }\n  repaint() {\n  }\n}\n",
		// A struct's field, below a method using it.
		"lib/client.go": "package lib\n\nfunc (c *Client) wait() { sleep(c.RetryDelay) }\n\ntype Client struct {\n\t// RetryDelay is doubled each time.\n\tRetryDelay time.Duration\n}\n",
		// Prose that reads like a definition defines nothing.
		"docs/guide.md": "Type repaint to draw again.\n",
		// An interface's member and a Rust struct's field, each below a use.
		"web/options.ts": "export function wait(o: Options) { sleep(o.retryDelay); }\n\nexport interface Options {\n  /** doubled each time */\n  retryDelay?: number;\n}\n",
		"app/models.py":  "def show(p):\n    return p.title\n\nclass Post(Model):\n    \"\"\"A post.\"\"\"\n    title = CharField()\n",
		"src/config.rs":  "fn load(c: &Config) -> u64 {\n    c.max_retries\n}\n\npub struct Config {\n    // how often\n    pub max_retries: u64,\n}\n",
	})
	defLine := 2 + 6 + 3000 + 1
	cases := []struct {
		q, path   string
		wantLine  int
		wantStart string
		highlight string // "": not checked
	}{
		{"NewBufferedReader", "lib/buffered.go", defLine, "func NewBufferedReader(", "NewBufferedReader"},
		{"newbufferedreader src", "lib/buffered.go", defLine, "func NewBufferedReader(", "NewBufferedReader"},
		{"reads", "lib/buffered.go", 3, "// NewBufferedReader reads ahead.", ""}, // no file defines "reads"
		{"ErrGone", "lib/errs.go", 9, "ErrGone = errors.New(", "ErrGone"},
		{"parse_args", "src/args.c", 4, "parse_args (int argc", "parse_args"},
		{"repaint", "web/app.js", 3, "repaint() {", "repaint"},
		{"repaint", "docs/guide.md", 1, "Type repaint", ""},
		{"RetryDelay", "lib/client.go", 7, "RetryDelay time.Duration", "RetryDelay"},
		{"retryDelay", "web/options.ts", 5, "retryDelay?: number;", "retryDelay"},
		{"max_retries", "src/config.rs", 7, "pub max_retries: u64,", "max_retries"},
		{"title", "app/models.py", 6, "title = CharField()", "title"},
	}
	for _, c := range cases {
		res := search(t, x, c.q)
		var h *Hit
		for i := range res.Hits {
			if res.Hits[i].Path == c.path {
				h = &res.Hits[i]
			}
		}
		if h == nil {
			t.Fatalf("%q: %s not found in %+v", c.q, c.path, res.Hits)
		}
		if h.Line != c.wantLine || !strings.HasPrefix(h.Snippet, c.wantStart) || len(h.Lines) == 0 || h.Lines[0] != c.wantLine {
			t.Errorf("%q: line %d %q lines %v, want line %d starting %q", c.q, h.Line, h.Snippet, h.Lines, c.wantLine, c.wantStart)
		}
		if h.Defines != (c.highlight != "") {
			t.Errorf("%q: Defines = %v", c.q, h.Defines)
		}
		if c.highlight != "" && (len(h.Highlights) != 1 || h.Snippet[h.Highlights[0][0]:h.Highlights[0][1]] != c.highlight) {
			t.Errorf("%q: highlights %v of %q", c.q, h.Highlights, h.Snippet)
		}
	}
	// The file using the name shows its own line.
	for _, h := range search(t, x, "NewBufferedReader").Hits {
		if h.Path == "lib/use.go" && (h.Line != 3 || h.Defines) {
			t.Errorf("lib/use.go line %d, defines %v; want 3, false", h.Line, h.Defines)
		}
	}
}

func TestEveryDefiningHitShowsItsDefinition(t *testing.T) {
	// More files define the name than a page holds and than a list of
	// every definer would keep: each hit is asked about on its own.
	files := map[string]string{}
	for i := range 130 {
		files[fmt.Sprintf("svc%03d/config.go", i)] = "package svc\n\n// Config is read once.\nvar c = Config{}\n\ntype Config struct{}\n"
	}
	x := openFiles(t, files)
	res, err := x.Search(context.Background(), "Config", 130)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 130 {
		t.Fatalf("%d hits, want 130", len(res.Hits))
	}
	for _, h := range res.Hits {
		if !h.Defines || h.Line != 6 {
			t.Fatalf("%s: line %d, defines %v; want 6, true", h.Path, h.Line, h.Defines)
		}
	}
}

func manyConsts(n int) string {
	var b strings.Builder
	b.WriteString("const (\n")
	for i := range n {
		fmt.Fprintf(&b, "\tC%d = %d\n", i, i)
	}
	b.WriteString(")\n")
	return b.String()
}

func constNames(n int) []string {
	names := []string{"a"}
	for i := range n {
		names = append(names, fmt.Sprintf("c%d", i))
	}
	return names
}
