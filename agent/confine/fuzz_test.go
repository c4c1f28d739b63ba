package confine

import (
	"strings"
	"testing"
)

// FuzzClean: whatever the model sends, an accepted path stays relative and
// never climbs.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"a/b", "../x", "/ws/a", `C:\x`, "~/x", "a\x00", "./././a", "/ws/../x", "a//b/", `\\?\x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		rel, err := Clean("/ws", p)
		if err != nil {
			return
		}
		if rel == "." {
			return
		}
		if strings.HasPrefix(rel, "/") || strings.ContainsRune(rel, 0) {
			t.Fatalf("Clean(%q) = %q", p, rel)
		}
		for _, part := range strings.Split(rel, "/") {
			if part == ".." || part == "" {
				t.Fatalf("Clean(%q) = %q", p, rel)
			}
		}
	})
}
