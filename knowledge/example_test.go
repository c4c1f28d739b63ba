package knowledge_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/knowledge"
)

func ExampleIndex_Search() {
	ws, _ := os.MkdirTemp("", "ws")
	cache, _ := os.MkdirTemp("", "cache")
	defer os.RemoveAll(ws)
	defer os.RemoveAll(cache)
	_ = os.WriteFile(filepath.Join(ws, "main.go"), []byte("package main\n\nfunc parseHTTPRequest() {}\n"), 0o644)

	ctx := context.Background()
	x, err := knowledge.Open(ctx, knowledge.Options{Workspace: ws, CacheDir: cache,
		OnStatus: func(s knowledge.Status) { /* forward to the UI's progress bar */ }})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Close()
	_ = x.Wait(ctx) // optional: Search also works on the partial index

	res, _ := x.Search(ctx, "http request ext:go", 20)
	for _, h := range res.Hits {
		fmt.Printf("%s:%d: %s %v\n", h.Path, h.Line, h.Snippet, h.Highlights)
	}
	files, _ := x.FindFiles(ctx, "mn", 5)
	fmt.Println(files[0].Path)
	// Output:
	// main.go:3: func parseHTTPRequest() {} [[10 14] [14 21]]
	// main.go
}
