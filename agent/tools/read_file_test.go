package tools

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/confine"
)

func TestReadFile(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 2500; i++ {
		fmt.Fprintf(&long, "line %d\n", i)
	}
	_, tl := newWS(t, map[string]string{
		"a.txt":      "alpha\nbeta\ngamma\n",
		"nofinal.go": "x := 1",
		"crlf.txt":   "one\r\ntwo\r\n",
		"long.txt":   long.String(),
		"bin.dat":    "PK\x03\x04\x00\x00binary",
		"latin1.txt": "caf\xe9\n",
		"utf16.txt":  "\xff\xfeh\x00i\x00\n\x00",
		"bom.txt":    "\xef\xbb\xbfhello\n",
		"empty.txt":  "",
		"dir/x.txt":  "x",
	}, Config{})
	rf := tl["read_file"]
	tests := []struct {
		name     string
		args     ReadFileParams
		contains []string
		absent   []string
		err      string
	}{
		{name: "numbered", args: ReadFileParams{Path: "a.txt"}, contains: []string{"     1\talpha", "     3\tgamma"}, absent: []string{"truncated", "no newline"}},
		{name: "offset limit", args: ReadFileParams{Path: "a.txt", Offset: 2, Limit: 1}, contains: []string{"     2\tbeta", "1 more lines", "offset=3"}, absent: []string{"alpha", "gamma"}},
		{name: "no final newline", args: ReadFileParams{Path: "nofinal.go"}, contains: []string{"x := 1", "(no newline at end of file)"}},
		{name: "crlf hidden", args: ReadFileParams{Path: "crlf.txt"}, contains: []string{"     1\tone\n     2\ttwo"}, absent: []string{"\r"}},
		{name: "default cap", args: ReadFileParams{Path: "long.txt"}, contains: []string{"  2000\tline 2000", "showing lines 1-2000 of 2500; 500 more lines", "offset=2001"}, absent: []string{"line 2001"}},
		{name: "binary", args: ReadFileParams{Path: "bin.dat"}, err: "binary file"},
		{name: "latin1", args: ReadFileParams{Path: "latin1.txt"}, contains: []string{"café", "Windows-1252"}},
		{name: "utf16", args: ReadFileParams{Path: "utf16.txt"}, contains: []string{"     1\thi", "UTF-16"}},
		{name: "bom hidden", args: ReadFileParams{Path: "bom.txt"}, contains: []string{"     1\thello"}, absent: []string{"\ufeff"}},
		{name: "empty", args: ReadFileParams{Path: "empty.txt"}, contains: []string{"(empty file)"}},
		{name: "past end", args: ReadFileParams{Path: "a.txt", Offset: 9}, contains: []string{"past the end", "3 lines"}},
		{name: "directory", args: ReadFileParams{Path: "dir"}, err: "is a directory"},
		{name: "missing", args: ReadFileParams{Path: "nope.txt"}, err: "no such file"},
		{name: "escape", args: ReadFileParams{Path: "../etc/passwd"}, err: "outside the workspace"},
		{name: "no path", args: ReadFileParams{}, err: "path is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := run(t, rf, tt.args)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tt.contains {
				if !strings.Contains(out, c) {
					t.Errorf("output lacks %q:\n%s", c, out)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("output contains %q:\n%s", a, out)
				}
			}
		})
	}
}

func TestReadFileErrorsAreTyped(t *testing.T) {
	_, tl := newWS(t, map[string]string{"bin": "\x00\x01"}, Config{})
	if _, err := run(t, tl["read_file"], ReadFileParams{Path: "/etc/passwd"}); !errors.Is(err, confine.ErrOutside) {
		t.Errorf("err = %v, want ErrOutside", err)
	}
	if _, err := run(t, tl["read_file"], ReadFileParams{Path: "bin"}); !errors.Is(err, ErrBinary) {
		t.Errorf("err = %v, want ErrBinary", err)
	}
	if _, err := tl["read_file"].Run(t.Context(), []byte(`{"path":"bin","lines":3}`)); err == nil || !strings.Contains(err.Error(), `unknown field "lines"`) {
		t.Errorf("unknown field: err = %v", err)
	}
}
