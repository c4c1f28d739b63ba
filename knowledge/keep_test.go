package knowledge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Hits a caller will not keep are left out, made up for from further
// down the ranking, and do not count as an answer when RetryAsPrefix
// decides the query found nothing.
func TestSearchKeepOnly(t *testing.T) {
	files := map[string]string{"srv.go": "func handleRequest() {}\n"}
	for i := range 3 { // the denied files rank first: their word is denser
		files[fmt.Sprintf("d%d/.env", i)] = "KEY handleReq\n"
	}
	for i := range 9 {
		files[fmt.Sprintf("f%02d.txt", i)] = "KEY" + strings.Repeat(" filler", 20) + "\n"
	}
	x := openFiles(t, files)
	ctx := context.Background()
	noEnv := KeepOnly(func(source, path string) bool { return !strings.HasSuffix(path, ".env") })
	tests := []struct {
		q        string
		limit    int
		opts     []SearchOption
		paths    string // the hits' paths, sorted; "f*" for any five of f00.txt…f08.txt
		asPrefix string
	}{
		{"KEY", 5, nil, "d0/.env d1/.env d2/.env f* f*", ""},
		{"KEY", 5, []SearchOption{noEnv}, "f* f* f* f* f*", ""},
		{"KEY", 10, []SearchOption{noEnv}, "f00.txt f01.txt f02.txt f03.txt f04.txt f05.txt f06.txt f07.txt f08.txt", ""},
		{"handleReq", 10, []SearchOption{RetryAsPrefix}, "d0/.env d1/.env d2/.env", ""},
		{"handleReq", 10, []SearchOption{RetryAsPrefix, noEnv}, "srv.go", "handleReq*"},
		{"handleReq", 10, []SearchOption{noEnv}, "", ""},
		{"handleReq", 10, []SearchOption{RetryAsPrefix, KeepOnly(func(string, string) bool { return false })}, "", ""},
	}
	for _, tt := range tests {
		res, err := x.Search(ctx, tt.q, tt.limit, tt.opts...)
		if err != nil {
			t.Fatalf("%q: %v", tt.q, err)
		}
		var paths []string
		for _, h := range res.Hits {
			if tt.limit == 5 && strings.HasPrefix(h.Path, "f0") {
				h.Path = "f*"
			}
			paths = append(paths, h.Path)
		}
		slices.Sort(paths)
		if got := strings.Join(paths, " "); got != tt.paths || res.AsPrefix != tt.asPrefix {
			t.Errorf("Search(%q, %d, %d options) = %q as %q, want %q as %q", tt.q, tt.limit, len(tt.opts), got, res.AsPrefix, tt.paths, tt.asPrefix)
		}
	}
}
