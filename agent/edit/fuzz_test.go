package edit

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzApply checks the matcher never panics and that whatever it returns
// keeps a BOM; an identity edit of a unique exact match must
// give back the input byte for byte.
func FuzzApply(f *testing.F) {
	f.Add("a\nb\nc\n", "b", "B")
	f.Add("a\r\nb\r\n", "a\n", "x\ny")
	f.Add("\ufeff\tx\n\ty", "x\ny", "")
	f.Add("a\n...\nb\n", "a\n...\nb", "c\n...\nd")
	f.Add("", "", "new")
	f.Add("  a \n\n  b", "\na\n\nb", "q")
	f.Fuzz(func(t *testing.T, content, search, replace string) {
		in := []byte(content)
		out, err := Apply(in, []Edit{{search, replace}})
		if string(in) != content {
			t.Fatal("input modified")
		}
		if err != nil {
			if out != nil {
				t.Fatal("result returned with an error")
			}
			return
		}
		if strings.HasPrefix(content, bom) != bytes.HasPrefix(out, []byte(bom)) {
			t.Fatalf("BOM not preserved: %q -> %q", content, out)
		}
		// Identity: a line-aligned unique exact SEARCH replaced by itself.
		s := splitText(search)
		d := parseDoc(in)
		if !allBlank(s) && len(findTier(TierExact, d.texts(), s)) == 1 {
			same, err := Apply(in, []Edit{{search, search}})
			if err != nil || !bytes.Equal(same, in) {
				t.Fatalf("identity edit changed %q -> %q (%v)", content, same, err)
			}
		}
	})
}

// FuzzApplyAt picks a run of lines of a plain LF file as SEARCH: when it is
// unique, the result must be exactly the file with that run replaced.
func FuzzApplyAt(f *testing.F) {
	f.Add("a\nb\nc\n", uint8(1), uint8(1), "x\ny")
	f.Add("  a\n\tb\n  a\n", uint8(0), uint8(2), "")
	f.Fuzz(func(t *testing.T, content string, from, n uint8, replace string) {
		if strings.ContainsAny(content+replace, "\r") || strings.HasPrefix(content, bom) ||
			!strings.HasSuffix(content, "\n") {
			return
		}
		lines := strings.SplitAfter(content, "\n")
		lines = lines[:len(lines)-1] // SplitAfter leaves "" after the final newline
		i := int(from) % len(lines)
		j := i + 1 + int(n)%(len(lines)-i)
		search := strings.Join(lines[i:j], "")
		if allBlank(splitText(search)) || len(findTier(TierExact, splitText(content), splitText(search))) != 1 {
			return
		}
		got, err := Apply([]byte(content), []Edit{{search, replace}})
		if err != nil {
			t.Fatalf("unique exact SEARCH failed: %v", err)
		}
		repl := replace
		if repl != "" && !strings.HasSuffix(repl, "\n") {
			repl += "\n"
		}
		want := strings.Join(lines[:i], "") + repl + strings.Join(lines[j:], "")
		if string(got) != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	})
}
