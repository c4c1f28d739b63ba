package knowledge

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// benchCorpus is GOROOT/src/net (about 600 files): big enough to show
// costs, small enough for go test -bench on two cores. The full-size
// figures come from bench/knowledge.
func benchCorpus(b *testing.B) string {
	dir := filepath.Join(runtime.GOROOT(), "src", "net")
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no GOROOT sources")
	}
	return dir
}

func BenchmarkBuild(b *testing.B) {
	ws := benchCorpus(b)
	var bytes int64
	for i := 0; i < b.N; i++ {
		x := openReady(b, Options{Workspace: ws, CacheDir: b.TempDir(), NoWatch: true})
		bytes = x.Status().Bytes
		_ = x.Close()
	}
	b.SetBytes(bytes)
}

func BenchmarkReopenUnchanged(b *testing.B) {
	ws, cache := benchCorpus(b), b.TempDir()
	x := openReady(b, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	_ = x.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := openReady(b, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
		if x.Status().FilesDone != 0 {
			b.Fatal("unchanged tree re-read files")
		}
		_ = x.Close()
	}
}

func BenchmarkSearch(b *testing.B) {
	ws := benchCorpus(b)
	x := openReady(b, Options{Workspace: ws, NoWatch: true})
	for _, q := range []string{"conn", "ResolveTCPAddr", "read deadline", `"use of closed network connection"`, "dial*", "dail~", "*Listener"} {
		b.Run(q, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := x.Search(context.Background(), q, 20); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFindFiles(b *testing.B) {
	x := openReady(b, Options{Workspace: benchCorpus(b), NoWatch: true})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := x.FindFiles(context.Background(), "httpsrv", 20); err != nil {
			b.Fatal(err)
		}
	}
}
