package edit

import (
	"errors"
	"strings"
	"testing"
)

func TestParseBlocks(t *testing.T) {
	type blk struct{ path, search, replace string }
	tests := []struct {
		name    string
		reply   string
		want    []blk
		wantErr string
	}{
		{"plain fenced", "Here is the fix.\n\nsrc/a.go\n```go\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n",
			[]blk{{"src/a.go", "old\n", "new\n"}}, ""},
		{"unfenced", "a.txt\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", []blk{{"a.txt", "x\n", "y\n"}}, ""},
		{"four backticks", "a.md\n````markdown\n<<<<<<< SEARCH\n```\ncode\n```\n=======\n```go\ncode\n```\n>>>>>>> REPLACE\n````\n",
			[]blk{{"a.md", "```\ncode\n```\n", "```go\ncode\n```\n"}}, ""},
		{"backtick path", "`src/b.py`\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"src/b.py", "a\n", "b\n"}}, ""},
		{"bold path with colon", "**src/c.js**:\n```js\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"src/c.js", "a\n", "b\n"}}, ""},
		{"bold backtick path", "**`src/c.js`**\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", []blk{{"src/c.js", "a\n", "b\n"}}, ""},
		{"heading path", "### lib/x.rb\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", []blk{{"lib/x.rb", "a\n", "b\n"}}, ""},
		{"path alone in its own fence", "```\nsrc/d.go\n```\n```go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"src/d.go", "a\n", "b\n"}}, ""},
		{"path inside the block fence", "```go\nsrc/e.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"src/e.go", "a\n", "b\n"}}, ""},
		{"path as fence info", "```src/f.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"src/f.go", "a\n", "b\n"}}, ""},
		{"language fence info is not a path", "x.py\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```", []blk{{"x.py", "a\n", "b\n"}}, ""},
		{"bare well-known name", "Makefile\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", []blk{{"Makefile", "a\n", "b\n"}}, ""},
		{"dotfile", ".gitignore\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", []blk{{".gitignore", "a\n", "b\n"}}, ""},
		{"five and nine char markers", "f.go\n<<<<< SEARCH\na\n=====\nb\n>>>>>>>>> REPLACE\n", []blk{{"f.go", "a\n", "b\n"}}, ""},
		{"path reuse", "f.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n\nThen also:\n\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n",
			[]blk{{"f.go", "a\n", "b\n"}, {"f.go", "c\n", "d\n"}}, ""},
		{"prose is not a path", "f.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\nNow update the caller:\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n",
			[]blk{{"f.go", "a\n", "b\n"}, {"f.go", "c\n", "d\n"}}, ""},
		{"two files", "a.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\nb.go\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n",
			[]blk{{"a.go", "a\n", "b\n"}, {"b.go", "c\n", "d\n"}}, ""},
		{"empty search creates", "new/file.txt\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n", []blk{{"new/file.txt", "", "hello\n"}}, ""},
		{"empty replace deletes", "f.go\n<<<<<<< SEARCH\ngone\n=======\n>>>>>>> REPLACE\n", []blk{{"f.go", "gone\n", ""}}, ""},
		{"crlf reply", "f.go\r\n```go\r\n<<<<<<< SEARCH\r\na\r\n=======\r\nb\r\n>>>>>>> REPLACE\r\n```\r\n", []blk{{"f.go", "a\n", "b\n"}}, ""},
		{"shell fence is not an edit", "Run this:\n```bash\ngo test ./...\nrm -rf build\n```\n", nil, ""},
		{"shell command is not a path", "```sh\n./configure.sh\n```\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", nil, "no file path"},
		{"script edited in a bash fence", "```bash\nrun.sh\n<<<<<<< SEARCH\necho a\n=======\necho b\n>>>>>>> REPLACE\n```", []blk{{"run.sh", "echo a\n", "echo b\n"}}, ""},
		{"no path at all", "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", nil, "no file path"},
		{"sentence without path", "Change this line.\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", nil, "no file path"},
		{"truncated before divider", "f.go\n<<<<<<< SEARCH\na\nb\n", nil, "truncated: no ======="},
		{"truncated before replace", "f.go\n<<<<<<< SEARCH\na\n=======\nb\n", nil, "truncated: no >>>>>>> REPLACE"},
		{"new search inside a block", "f.go\n<<<<<<< SEARCH\na\n<<<<<<< SEARCH\n=======\nb\n>>>>>>> REPLACE\n", nil, "before the ======="},
		{"replace before divider", "f.go\n<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n", nil, "before the ======="},
		{"no blocks", "Just some prose.\n", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseBlocks(tt.reply)
			if tt.wantErr != "" {
				var pe *ParseError
				if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("want *ParseError containing %q, got %v", tt.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d blocks %+v, want %d", len(got), got, len(tt.want))
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Path != w.path || g.Search != w.search || g.Replace != w.replace {
					t.Fatalf("block %d = %+v, want %+v", i+1, g, w)
				}
			}
		})
	}
}

func FuzzParseBlocks(f *testing.F) {
	f.Add("a.go\n```go\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n")
	f.Add("```\np\n```\n<<<<< SEARCH\n=====\n>>>>> REPLACE")
	f.Add("**x.go**:\r\n<<<<<<<<< SEARCH\r\n")
	f.Fuzz(func(t *testing.T, reply string) {
		blocks, err := ParseBlocks(reply)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || blocks != nil {
				t.Fatalf("error is not a *ParseError or blocks returned: %v", err)
			}
			return
		}
		for _, b := range blocks {
			if b.Path == "" || strings.Contains(b.Path, "\n") {
				t.Fatalf("bad path %q", b.Path)
			}
			if b.Search != "" && !strings.HasSuffix(b.Search, "\n") {
				t.Fatalf("search text not line-terminated: %q", b.Search)
			}
		}
	})
}
