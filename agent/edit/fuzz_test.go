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
