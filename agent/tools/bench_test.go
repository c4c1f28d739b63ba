package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkGrep greps a generated tree of 5,000 source files; see
// bench/tools/grep for the 50k-file comparison with ripgrep.
func BenchmarkGrep(b *testing.B) {
	dir := b.TempDir()
	line := "\tvalue := client.Request(42) // retry timeout handler\n"
	for i := range 5000 {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%02d", i%50), fmt.Sprintf("m%d", i%7))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		content := "package m\n" + strings.Repeat(line, 40)
		if i%500 == 3 {
			content += "func HandleUploadRetry() {}\n"
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%d.go", i)), []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	list, err := Builtin(Config{Workspace: dir})
	if err != nil {
		b.Fatal(err)
	}
	var grep = list[3]
	args, _ := json.Marshal(GrepParams{Pattern: `func Handle[A-Z][a-z]+Retry`})
	b.ResetTimer()
	for b.Loop() {
		out, err := grep.Run(context.Background(), args)
		if err != nil || strings.Count(out, "\n") != 9 {
			b.Fatalf("grep: %v\n%s", err, out)
		}
	}
}
