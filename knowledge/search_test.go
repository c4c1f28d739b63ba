package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/match"
)

func searchFixture(t *testing.T) *Index {
	t.Helper()
	ws := t.TempDir()
	writeAll(t, ws, map[string]string{
		"server/http.go":      "package server\n\n// HandleRequest serves one HTTP request.\nfunc HandleRequest() error {\n\treturn errNoSuchContainer\n}\n",
		"server/errors.go":    "package server\n\nvar errNoSuchContainer = errors.New(\"no such container\")\n",
		"docs/running.md":     "# Running\n\nThe runner runs containers. There is no such thing as a free lunch.\n",
		"docs/containers.md":  "Containers are listed with `list-containers`.\n",
		"web/app.ts":          "export function parseHTTPRequest_v2(req: Request) { return req }\n",
		"web/util.js":         "const snake_case_value = 42; // answer\n",
		"notes/big.txt":       strings.Repeat("filler line\n", 10) + "needle in a haystack\n",
		"bin/blob.dat":        "BIN\x00ARY needle",
		"node_modules/x/a.js": "needle",
		".gitignore":          "ignored.txt\n",
		"ignored.txt":         "needle",
	})
	return openReady(t, Options{Workspace: ws, NoWatch: true})
}

func TestSearchSyntax(t *testing.T) {
	x := searchFixture(t)
	tests := []struct {
		q    string
		want []string
	}{
		{"needle", []string{"notes/big.txt"}},                         // binary, node_modules and ignored files skipped
		{"container", []string{"server/errors.go", "server/http.go"}}, // whole words: not "containers"
		{"containers", []string{"docs/containers.md", "docs/running.md"}},
		{"\"no such container\"", []string{"server/errors.go"}},                // exact phrase, not noSuchContainer
		{"errNoSuchContainer", []string{"server/errors.go", "server/http.go"}}, // whole identifier
		{"such container", []string{"server/errors.go", "server/http.go"}},     // AND of words
		{"runs", []string{"docs/running.md"}},                                  // no stemming: "runner" not matched via "run"
		{"run", nil},                                                           // ...and "run" matches nothing
		{"parseHTTPRequest_v2", []string{"web/app.ts"}},
		{"http request", []string{"server/http.go", "web/app.ts"}},
		{"snake_case_value", []string{"web/util.js"}},
		{"list-containers", []string{"docs/containers.md"}},
		{"contain*", []string{"docs/containers.md", "docs/running.md", "server/errors.go", "server/http.go"}},
		{"containr~", []string{"server/errors.go", "server/http.go"}},
		{"containr~2", []string{"docs/containers.md", "docs/running.md", "server/errors.go", "server/http.go"}},
		{"container ext:go", []string{"server/errors.go", "server/http.go"}},
		{"containers lang:markdown", []string{"docs/containers.md", "docs/running.md"}},
		{"container path:server/err", []string{"server/errors.go"}},
		{"path:docs/*", []string{"docs/containers.md", "docs/running.md"}},
		{"containers path:", []string{"docs/containers.md", "docs/running.md"}}, // a filter still being typed: none
		{"containers ext: lang:", []string{"docs/containers.md", "docs/running.md"}},
		{"*Container", []string{"docs/containers.md", "server/errors.go", "server/http.go"}}, // leading wildcard: scanned, smart case
		{"*such", []string{"docs/running.md", "server/errors.go", "server/http.go"}},
		{"/no\\s+such/", []string{"docs/running.md", "server/errors.go"}}, // regex: scanned
		{"/no\\s+such/ ext:md", []string{"docs/running.md"}},
		{"haystack", []string{"notes/big.txt"}},
		{"http", []string{"server/http.go", "web/app.ts"}},
		{"parseHTTPRequest_v*", []string{"web/app.ts"}},                // prefix of an identifier with parts
		{"errors.New", []string{"server/errors.go"}},                   // several identifiers: exact text
		{"server/http", []string{"server/http.go"}},                    // ...or the path
		{"notes", []string{"notes/big.txt"}},                           // a word only a path holds
		{"/no such/", []string{"docs/running.md", "server/errors.go"}}, // a regex with spaces
		{"/ret\\w* errNoSuchContainer/", []string{"server/http.go"}},   // a literal prefix, a longer literal after it
		{"/ret\\w* errNoSuchThing/", nil},
		{"\"such container\"", []string{"server/errors.go"}},       // not the parts of noSuchContainer
		{"container -path:server/err", []string{"server/http.go"}}, // a negated filter excludes
		{"container -PATH:Server/ERR", []string{"server/http.go"}},
		{"container -path:server", nil},
		{"contain* -ext:md", []string{"server/errors.go", "server/http.go"}},
		{"contain* -lang:go -lang:python", []string{"docs/containers.md", "docs/running.md"}},
		{"\"no such container\" -ext:go", nil},                                      // a phrase
		{"*Container -path:docs/*", []string{"server/errors.go", "server/http.go"}}, // a scan, a glob
		{"/no\\s+such/ -path:docs", []string{"server/errors.go"}},                   // a scanned regex
		{"path:docs -path:running", []string{"docs/containers.md"}},                 // filters alone
		{"containers -path:", []string{"docs/containers.md", "docs/running.md"}},    // still being typed
		{"container ext:go -file:http", []string{"server/errors.go"}},
		{"needle?", []string{"notes/big.txt"}}, // a question mark, not a wildcard
		{"does HandleRequest serve?", nil},
		{"HandleRequest?", []string{"server/http.go"}},
		{"contain?ers", nil}, // text, as punctuated words are
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res := search(t, x, tt.q)
			if got := hitPaths(res); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Search(%q) = %v, want %v", tt.q, got, tt.want)
			}
			if res.Total != len(tt.want) {
				t.Errorf("Total = %d, want %d", res.Total, len(tt.want))
			}
		})
	}
}

func TestSearchSnippets(t *testing.T) {
	x := searchFixture(t)
	res := search(t, x, "haystack")
	if len(res.Hits) != 1 {
		t.Fatalf("hits = %v", res.Hits)
	}
	h := res.Hits[0]
	if h.Line != 11 || h.Snippet != "needle in a haystack" {
		t.Errorf("line %d snippet %q", h.Line, h.Snippet)
	}
	if len(h.Highlights) != 1 || h.Snippet[h.Highlights[0][0]:h.Highlights[0][1]] != "haystack" {
		t.Errorf("highlights %v", h.Highlights)
	}
	if h.Score <= 0 {
		t.Errorf("score %v", h.Score)
	}
	// The file defines it on line 4, below its doc comment: that line
	// comes first (defs.go).
	res = search(t, x, "HandleRequest")
	if len(res.Hits) != 1 || res.Hits[0].Line != 4 || !reflect.DeepEqual(res.Hits[0].Lines, []int{4, 3}) {
		t.Errorf("HandleRequest hits %+v", res.Hits)
	}
}

func TestPathMatchesRankFirst(t *testing.T) {
	ws := t.TempDir()
	writeAll(t, ws, map[string]string{
		"a/other.go":  "// mentions widget once\n",
		"a/widget.go": "// mentions widget once\n",
	})
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	res := search(t, x, "widget")
	if len(res.Hits) != 2 || res.Hits[0].Path != "a/widget.go" {
		t.Errorf("hits %+v, want a/widget.go first", res.Hits)
	}
}

// A limit far past the number of files is no error, and sizes nothing by
// itself: a page for a billion hits was allocated at once, and the
// process died out of memory.
func TestHugeLimit(t *testing.T) {
	x := searchFixture(t)
	for _, q := range []string{"container", `"no such container"`, "contain*", "*ontainer"} {
		res, err := x.Search(context.Background(), q, 1<<40)
		if err != nil || len(res.Hits) == 0 || res.Total != len(res.Hits) {
			t.Errorf("Search(%q, 1<<40) = %d hits of %d, %v", q, len(res.Hits), res.Total, err)
		}
	}
}

func TestBadQueries(t *testing.T) {
	x := searchFixture(t)
	for _, q := range []string{"", "   ", "/[/", "foo~7", "a.b~", "path:", "ext: lang:", "-path: -ext:"} {
		_, err := x.Search(context.Background(), q, 10)
		if !errors.Is(err, ErrBadQuery) {
			t.Errorf("Search(%q) err = %v, want ErrBadQuery", q, err)
		}
	}
	// A regexp's error shows the pattern as typed.
	if _, err := x.Search(context.Background(), "/(a/", 10); err == nil || !strings.HasSuffix(err.Error(), "`(a`") {
		t.Errorf("Search(/(a/) err = %v, want it to end with the pattern", err)
	}
}

func TestFindFiles(t *testing.T) {
	x := searchFixture(t)
	got, err := x.FindFiles(context.Background(), "srvhttp", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Path != "server/http.go" {
		t.Fatalf("FindFiles(srvhttp) = %+v", got)
	}
	got, _ = x.FindFiles(context.Background(), "errors", 5)
	if len(got) == 0 || got[0].Path != "server/errors.go" {
		t.Errorf("FindFiles(errors) = %+v", got)
	}
	got, _ = x.FindFiles(context.Background(), "blob", 5)
	if len(got) != 1 || got[0].Path != "bin/blob.dat" {
		t.Errorf("binary files are findable by name: %+v", got)
	}
	if got, _ := x.FindFiles(context.Background(), "zzzq", 5); len(got) != 0 {
		t.Errorf("FindFiles(zzzq) = %+v", got)
	}
}

// path: filters read a cached list of paths: files added or removed
// after a path: query must still be found or dropped by the next one.
func TestPathFilterSeesChangedFiles(t *testing.T) {
	ctx := context.Background()
	x := searchFixture(t)
	if got := hitPaths(search(t, x, "needle path:Tools/Lib")); len(got) != 0 {
		t.Fatalf("before the file exists: %v", got)
	}
	write(t, x.opts.Workspace, "tools/lib/find.go", "// a needle here\n")
	if err := x.Reindex(ctx, "tools/lib/find.go"); err != nil {
		t.Fatal(err)
	}
	if got := hitPaths(search(t, x, "needle path:Tools/Lib")); !reflect.DeepEqual(got, []string{"tools/lib/find.go"}) {
		t.Fatalf("after adding the file: %v", got)
	}
	if err := os.Remove(filepath.Join(x.opts.Workspace, "tools/lib/find.go")); err != nil {
		t.Fatal(err)
	}
	if err := x.Reindex(ctx, "tools/lib/find.go"); err != nil {
		t.Fatal(err)
	}
	if got := hitPaths(search(t, x, "needle path:tools/lib")); len(got) != 0 {
		t.Fatalf("after removing the file: %v", got)
	}
}

// A phrase's candidates are the files holding its words and grams; the
// one true match can rank below the first fetch of candidates, and must
// still be found.
func TestPhraseFoundBeyondTheFirstCandidates(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{
		"deep/match.txt": "alpha beta\n" + strings.Repeat("filler words of a long file\n", 300),
	}
	for i := range 2 * exactVerify {
		files[fmt.Sprintf("near/%03d.txt", i)] = strings.Repeat("alpha one beta two sha bet\n", 5)
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	res, err := x.Search(context.Background(), `"alpha beta"`, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got := hitPaths(res); !reflect.DeepEqual(got, []string{"deep/match.txt"}) || res.Total != 1 || res.Approx {
		t.Fatalf("hits %v, total %d (approx %v); want only deep/match.txt, exactly", got, res.Total, res.Approx)
	}
}

func TestPathSetCountsAndRemoves(t *testing.T) {
	var s pathSet
	steps := []struct {
		path  string
		delta int
		want  []string
	}{
		{"a/x.go", 1, []string{"a/x.go"}},
		{"b/y.go", 1, []string{"a/x.go", "b/y.go"}},
		{"a/x.go", 1, []string{"a/x.go", "b/y.go"}}, // A/x.go and a/x.go share a lowercased path
		{"a/x.go", -1, []string{"a/x.go", "b/y.go"}},
		{"c/z.go", 1, []string{"a/x.go", "b/y.go", "c/z.go"}},
		{"a/x.go", -1, []string{"b/y.go", "c/z.go"}},
		{"q/none.go", -1, []string{"b/y.go", "c/z.go"}},
		{"c/z.go", -1, []string{"b/y.go"}},
		{"b/y.go", -1, nil},
	}
	for i, st := range steps {
		s.add(st.path, st.delta)
		got := slices.Clone(s.list)
		slices.Sort(got)
		if !slices.Equal(got, st.want) || len(s.at) != len(s.list) {
			t.Fatalf("step %d (%s %+d): list %v (%d in the index), want %v", i, st.path, st.delta, got, len(s.at), st.want)
		}
		for p, slot := range s.at {
			if s.list[slot.index] != p {
				t.Fatalf("step %d: %s recorded at %d, which holds %s", i, p, slot.index, s.list[slot.index])
			}
		}
	}
}

// A path: filter names whole folders where every path under them holds
// the text, and single files where the text reaches into a file name;
// either way it finds exactly the files whose paths contain the text.
func TestPathFilterNamesFolders(t *testing.T) {
	ws := t.TempDir()
	paths := []string{
		"net/http/server.go", "net/http/pprof/pprof.go", "net/httpx.go", "NET/HTTP/Upper.go",
		"lib/x/net/http2/frame.go", "net/rpc/client.go", "d7/d107/f1.txt", "d7/d1070/f2.txt",
		"e1d7/d107/f3.txt", "docs/net/http.md",
	}
	files := map[string]string{}
	for _, p := range paths {
		files[p] = "a needle here\n"
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	tests := []struct {
		sub              string
		folders, inPaths []string
	}{
		{"net/http", []string{"net/http/", "lib/x/net/http2/"}, []string{"docs/net/http.md", "net/httpx.go"}},
		{"http/server", nil, []string{"net/http/server.go"}},
		{"d7/d107/", []string{"d7/d107/", "e1d7/d107/"}, nil},
		{"d7/d107", []string{"d7/d107/", "d7/d1070/", "e1d7/d107/"}, nil},
		{".go", nil, []string{"net/http/pprof/pprof.go", "net/http/server.go", "net/http/upper.go", "net/httpx.go", "net/rpc/client.go", "lib/x/net/http2/frame.go"}},
		{"nowhere", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.sub, func(t *testing.T) {
			named, ok := x.pathsContaining(tt.sub)
			if !ok {
				t.Fatal("too many terms")
			}
			slices.Sort(tt.folders)
			slices.Sort(tt.inPaths)
			if !slices.Equal(named.Folders, tt.folders) || !slices.Equal(named.Paths, tt.inPaths) {
				t.Errorf("named folders %q paths %q; want %q and %q", named.Folders, named.Paths, tt.folders, tt.inPaths)
			}
			var want []string
			for _, p := range paths {
				if strings.Contains(strings.ToLower(p), tt.sub) {
					want = append(want, p)
				}
			}
			got := hitPaths(search(t, x, "needle path:"+tt.sub))
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("found %q, want %q", got, want)
			}
		})
	}
}

// A lone word's hits in big files are found from the files' heads when
// they hold enough of its lines; the lines and snippet must be those a
// search of the whole file gives, whether the head sufficed or not.
func TestBigFileHitsMatchWholeFileLines(t *testing.T) {
	filler := strings.Repeat("some filler text here\n", 2000) // 44 KB
	files := map[string]string{
		"early.txt": "x\n" + strings.Repeat("a needle line\n", 7) + filler + "needle late\n",
		"late.txt":  "x\nneedle once\n" + filler + strings.Repeat("needle after\n", 6),
		"small.txt": "needle small\n",
	}
	ws := t.TempDir()
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	res := search(t, x, "needle")
	if len(res.Hits) != 3 {
		t.Fatalf("hits %v", hitPaths(res))
	}
	q, err := parseQuery("needle")
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Hits {
		want := match.Find([]byte(files[h.Path]), q.Terms)
		if h.Line != want.Line || !slices.Equal(h.Lines, want.Lines) || h.Snippet != want.Snippet || !reflect.DeepEqual(h.Highlights, want.Ranges) {
			t.Errorf("%s: line %d lines %v snippet %q %v; whole file: %d %v %q %v",
				h.Path, h.Line, h.Lines, h.Snippet, h.Highlights, want.Line, want.Lines, want.Snippet, want.Ranges)
		}
	}
}

// Case is ignored beyond ASCII as a grep ignores it, and every hit shows
// its line: a word, phrase or prefix in another case than the file's
// found the file through the index but no line in it, or no file at all,
// and a word with punctuation around it found no line either.
func TestSearchFoldsCaseBeyondASCII(t *testing.T) {
	x := openFiles(t, map[string]string{
		"ru.txt":   "// Ошибка подключения к серверу\n// error here\n",
		"de.go":    "var Größe = 1 // ÜberFunc\n",
		"el.md":    "Ο ΣΊΣΥΦΟΣ\n",
		"flag.txt": "run with --flag or ERROR: fail\n",
	})
	wantEach(t, x, []hitCase{
		{"ошибка", []string{"ru.txt"}, 1, "Ошибка"},
		{"ОШИБКА", []string{"ru.txt"}, 1, "Ошибка"},
		{`"ОШИБКА ПОДКЛЮЧЕНИЯ"`, []string{"ru.txt"}, 1, "Ошибка подключения"},
		{"ошибк*", []string{"ru.txt"}, 1, "Ошибка"},
		{"ОШИБ*", []string{"ru.txt"}, 1, "Ошибка"},
		{"größe", []string{"de.go"}, 1, "Größe"},
		{"überfunc", []string{"de.go"}, 1, "ÜberFunc"},
		{"über*", []string{"de.go"}, 1, "ÜberFunc"},
		{"σίσυφος", []string{"el.md"}, 1, "ΣΊΣΥΦΟΣ"},
		{"FAIL,", []string{"flag.txt"}, 1, "fail"}, // punctuation around a word is ignored, as the index ignores it
		{"--flag", []string{"flag.txt"}, 1, "flag"},
	})
}

// CJK text has no spaces between words: a word is found inside a longer
// run, as a grep finds it, with its line and highlight.
func TestSearchFindsCJKWithinRuns(t *testing.T) {
	x := openFiles(t, map[string]string{
		"ja.go":    "// これは日本語のテキストです\nfunc 処理する() {}\n",
		"zh.md":    "# 中文搜索测试\n",
		"ko.txt":   "데이터를 저장합니다\n",
		"only.txt": "日本 only\n",
	})
	wantEach(t, x, []hitCase{
		{"日本語", []string{"ja.go"}, 1, "日本語"},
		{"日本", []string{"ja.go", "only.txt"}, 1, "日本"},
		{"処理", []string{"ja.go"}, 2, "処理"},
		{"搜索", []string{"zh.md"}, 1, "搜索"},
		{"데이터", []string{"ko.txt"}, 1, "데이터"},
		{`"日本語の"`, []string{"ja.go"}, 1, "日本語の"},
		{"本語*", []string{"ja.go"}, 1, "本語"},
		{"語", []string{"ja.go"}, 1, "語"}, // one character: the files holding it
		{"日本語 ext:go", []string{"ja.go"}, 1, "日本語"},
	})
}

// A phrase of punctuation alone has no word and no gram to look up: every
// file is read, as a grep reads them, rather than none.
func TestPhraseOfPunctuationReadsEveryFile(t *testing.T) {
	x := openFiles(t, map[string]string{"list.c": "p = p->next;\n", "plain.c": "p = next;\n"})
	res := search(t, x, `"->"`)
	if got := hitPaths(res); !reflect.DeepEqual(got, []string{"list.c"}) || res.Hits[0].Line != 1 {
		t.Fatalf(`Search("->") = %v %+v`, got, res.Hits)
	}
}

// A lone CJK character is a gram: the index names the files holding it,
// where it once named every file, each then read.
func TestLoneCJKCharacterNarrowsCandidates(t *testing.T) {
	x := openFiles(t, map[string]string{"ja.go": "// 日本語\n", "en.go": "// English\n", "zh.md": "中文\n"})
	for q, want := range map[string]int{"語": 1, "文": 1, "日 文": 0, "x": 0} {
		pq, err := parseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		list, err := x.candidates(context.Background(), pq.bleveQuery(), nil, 10, 0, 0)
		if err != nil || list.Total != want {
			t.Errorf("%q: %d candidates (%v), want %d", q, list.Total, err, want)
		}
	}
}
