package knowledge

import (
	"regexp"
	"testing"
)

func TestRegexLiteral(t *testing.T) {
	tests := []struct {
		re   string
		lit  string
		fold bool
	}{
		{`func \(\w+ \*Reader\) Read`, " *Reader) Read", false},
		{`(?i)no\s+such`, "such", true},
		{`\w*Marshaler`, "Marshaler", false},
		{`(?i)\w*marshal\w*`, "marshal", true},
		{`a|b`, "", false},
		{`\d+`, "", false},
		{`(?i)straße`, "stra", true}, // non-ASCII folding: the ASCII piece before it
	}
	for _, tt := range tests {
		lit, fold := regexLiteral(regexp.MustCompile(tt.re))
		if lit != tt.lit || (lit != "" && fold != tt.fold) {
			t.Errorf("regexLiteral(%q) = %q, %v; want %q, %v", tt.re, lit, fold, tt.lit, tt.fold)
		}
	}
}

func TestReadTextPooled(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a", "hello")
	write(t, dir, "big", string(make([]byte, 100)))
	data, release, err := readText(dir+"/a", 10)
	if err != nil || string(data) != "hello" {
		t.Fatalf("readText = %q, %v", data, err)
	}
	release()
	if _, _, err := readText(dir+"/big", 10); err != errTooLarge {
		t.Errorf("over the cap: err %v", err)
	}
	if _, _, err := readText(dir+"/missing", 10); err == nil {
		t.Error("missing file read")
	}
}
