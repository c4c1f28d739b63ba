package edit

import (
	"errors"
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		edits   []Edit
		want    string
		wantErr string // substring of the error, "" for success
	}{
		// exact tier
		{"exact single line", "a\nb\nc\n", []Edit{{"b\n", "B\n"}}, "a\nB\nc\n", ""},
		{"exact multi line", "a\nb\nc\nd\n", []Edit{{"b\nc\n", "x\ny\nz\n"}}, "a\nx\ny\nz\nd\n", ""},
		{"search without trailing newline", "a\nb\nc\n", []Edit{{"b", "B"}}, "a\nB\nc\n", ""},
		{"first line", "a\nb\n", []Edit{{"a", "A"}}, "A\nb\n", ""},
		{"last line", "a\nb\n", []Edit{{"b", "B"}}, "a\nB\n", ""},
		{"whole line only, not substring", "foo bar\nfoo\n", []Edit{{"foo", "baz"}}, "foo bar\nbaz\n", ""},
		{"sequential edits see earlier ones", "a\nb\n", []Edit{{"a", "x"}, {"x\nb", "y"}}, "y\n", ""},
		{"empty replace deletes", "a\nb\nc\n", []Edit{{"b\n", ""}}, "a\nc\n", ""},
		{"delete everything", "a\nb\n", []Edit{{"a\nb", ""}}, "", ""},
		{"replace with blank line", "a\nb\nc\n", []Edit{{"b", "\n"}}, "a\n\nc\n", ""},
		// trailing whitespace tier
		{"file has trailing spaces", "a  \nb\t\nc\n", []Edit{{"a\nb", "x"}}, "x\nc\n", ""},
		{"search has trailing spaces", "a\nb\n", []Edit{{"a   \n", "z\n"}}, "z\nb\n", ""},
		{"exact beats trailing", "a \na\n", []Edit{{"a ", "x"}}, "x\na\n", ""},
		// indentation tier
		{"model dropped indentation", "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n",
			[]Edit{{"if x {\n\ty()\n}", "if z {\n\tw()\n}"}}, "func f() {\n\tif z {\n\t\tw()\n\t}\n}\n", ""},
		{"model changed indentation spaces", "class A:\n    def f(self):\n        return 1\n",
			[]Edit{{"  def f(self):\n      return 1", "  def f(self):\n      return 2"}},
			"class A:\n    def f(self):\n        return 2\n", ""},
		{"indent with blank line inside", "\tif a {\n\n\t\tb()\n\t}\n",
			[]Edit{{"if a {\n\n\tb()\n}", "if a {\n\tc()\n}"}}, "\tif a {\n\t\tc()\n\t}\n", ""},
		{"relative indentation must agree", "\tif a {\n\t\tb()\n\t}\n",
			[]Edit{{"if a {\nb()\n}", "x"}}, "", "does not match"},
		{"no tab to space conversion", "\tx = 1\n", []Edit{{"    x = 1\n    y = 2", "z"}}, "", "does not match"},
		{"tabs kept in untouched and indented lines", "\ta\n\tb\n", []Edit{{"b", "c\n\td"}}, "\ta\n\tc\n\t\td\n", ""},
		{"model added indentation", "if a {\nb()\n}\n", []Edit{{"    if a {\n    b()\n    }", "    if c {\n    d()\n    }"}}, "if c {\nd()\n}\n", ""},
		{"indent tier with crlf", "\tx := 1\r\n\ty := 2\r\n", []Edit{{"x := 1\ny := 2", "x := 3"}}, "\tx := 3\r\n", ""},
		{"indent tier with unicode", "  ünï := 1\n  π := 2\n", []Edit{{"ünï := 1\nπ := 2", "ünï := 3"}}, "  ünï := 3\n", ""},
		{"indent tier ambiguous", "\ta\n\t\ta\n", []Edit{{"  a", "b"}}, "", "at lines 1, 2"},
		{"dropped prefix added to less indented replace", "\t\tx\n", []Edit{{"\tx", "y"}}, "\ty\n", ""},
		{"added prefix removed from replace", "x\n", []Edit{{"\t\tx", "\ty"}}, "y\n", ""},
		{"changed prefix swapped", "\tif a {\n\t\tb\n\t}\n", []Edit{{"  if a {\n  \tb\n  }", "  if a {\n  \tc\n  }"}}, "\tif a {\n\t\tc\n\t}\n", ""},
		// blank first line
		{"spurious blank first search line", "a\nb\n", []Edit{{"\nb\n", "\nB\n"}}, "a\nB\n", ""},
		{"blank first line kept when file has it", "a\n\nb\n", []Edit{{"\nb", "c"}}, "a\nc\n", ""},
		// elision
		{"elision segments", "func f() {\n\ta()\n\tb()\n\tc()\n}\n",
			[]Edit{{"func f() {\n...\n\tc()\n", "func g() {\n...\n\tC()\n"}},
			"func g() {\n\ta()\n\tb()\n\tC()\n}\n", ""},
		{"elision counts must pair", "a\nb\nc\n", []Edit{{"a\n...\nc", "x\nc"}}, "", "must pair up"},
		{"literal ellipsis matches exactly first", "x = ...\n...\ny\n", []Edit{{"...\ny", "z"}}, "x = ...\nz\n", ""},
		{"elision keeps the lines between", "a\nx\nb\ny\n", []Edit{{"a\n...\nb", "A\n...\nB"}}, "A\nx\nB\ny\n", ""},
		{"elision segment ambiguous after first", "a\nb\nx\nc\nx\n", []Edit{{"a\n...\nx\n", "A\n...\nX\n"}}, "", "segment 2 of the SEARCH"},
		{"elision segments must be in order", "b\na\n", []Edit{{"a\n...\nb", "A\n...\nB"}}, "", "does not match"},
		{"elision replace without search segment", "a\nb\n", []Edit{{"...\nb", "new\n...\nB"}}, "", "no SEARCH text"},
		// ambiguity
		{"duplicates are ambiguous", "x\na\nx\nb\nx\n", []Edit{{"x", "y"}}, "", "at lines 1, 3, 5"},
		{"overlapping duplicates", "a\na\na\n", []Edit{{"a\na", "b"}}, "", "at lines 1, 2"},
		{"trailing tier ambiguous", "a \nb\na\t\n", []Edit{{"a  ", "c"}}, "", "ignoring trailing whitespace"},
		{"context disambiguates", "x\na\nx\nb\n", []Edit{{"x\nb", "y\nb"}}, "x\na\ny\nb\n", ""},
		// no match
		{"no match", "a\nb\n", []Edit{{"zzz", "y"}}, "", "does not match"},
		{"replace already present", "a\nnew\n", []Edit{{"old", "new"}}, "", "already present at line 2"},
		{"all or nothing", "a\nb\n", []Edit{{"a", "x"}, {"nope", "y"}}, "", "edit 2 of 2"},
		{"no unicode normalisation", "caf\u00e9\n", []Edit{{"cafe\u0301", "x"}}, "", "does not match"},
		{"no match in empty file", "", []Edit{{"x", "y"}}, "", "does not match"},
		{"second edit sees first and is ambiguous", "a\nb\n", []Edit{{"a", "b"}, {"b", "c"}}, "", "at lines 1, 2"},
		// create and append
		{"create", "", []Edit{{"", "hello\nworld"}}, "hello\nworld\n", ""},
		{"append", "a\n", []Edit{{"", "b\n"}}, "a\nb\n", ""},
		{"append to no final newline", "a", []Edit{{"", "b"}}, "a\nb", ""},
		{"blank search appends", "a\n", []Edit{{"\n", "b"}}, "a\nb\n", ""},
		{"empty edit", "a\n", []Edit{{"", ""}}, "", "both SEARCH and REPLACE are empty"},
		// conventions
		{"crlf kept on new lines", "a\r\nb\r\nc\r\n", []Edit{{"b", "x\ny"}}, "a\r\nx\r\ny\r\nc\r\n", ""},
		{"crlf search on lf file", "a\nb\n", []Edit{{"a\r\nb\r\n", "c\r\n"}}, "c\n", ""},
		{"crlf no final newline", "a\r\nb", []Edit{{"b", "c\nd"}}, "a\r\nc\r\nd", ""},
		{"mixed endings untouched lines keep theirs", "a\r\nb\nc\r\nd\r\n", []Edit{{"d", "e\nf"}}, "a\r\nb\nc\r\ne\r\nf\r\n", ""},
		{"mixed endings replaced line keeps its ending", "a\r\nb\n", []Edit{{"a", "x"}}, "x\r\nb\n", ""},
		{"missing final newline stays missing", "a\nb", []Edit{{"a", "x"}}, "x\nb", ""},
		{"missing final newline on replaced last line", "a\nb", []Edit{{"b", "c\nd\n"}}, "a\nc\nd", ""},
		{"final newline kept when deleting last line", "a\nb\n", []Edit{{"b", ""}}, "a\n", ""},
		{"bom kept", "\ufeffa\nb\n", []Edit{{"a", "x"}}, "\ufeffx\nb\n", ""},
		{"bom crlf", "\ufeffa\r\nb\r\n", []Edit{{"b", "c"}}, "\ufeffa\r\nc\r\n", ""},
		{"unicode lines", "π = 3.14\n名前 = \"x\"\n", []Edit{{"名前 = \"x\"", "名前 = \"y\""}}, "π = 3.14\n名前 = \"y\"\n", ""},
		{"lone cr lines are content", "a\rb\rc\n", []Edit{{"a\rb\rc", "x"}}, "x\n", ""},
		{"bom without final newline", "\ufeffa", []Edit{{"a", "b"}}, "\ufeffb", ""},
		{"bom only file append", "\ufeff", []Edit{{"", "x"}}, "\ufeffx\n", ""},
		{"crlf create in crlf-less new file", "", []Edit{{"", "a\r\nb\r\n"}}, "a\nb\n", ""},
		{"trailing tab file line", "a\t\nb\n", []Edit{{"a", "c"}}, "c\nb\n", ""},
		{"carriage return inside line kept", "a\rb\nc\n", []Edit{{"c", "d"}}, "a\rb\nd\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			got, err := Apply(in, tt.edits)
			if string(in) != tt.in {
				t.Fatalf("input was modified")
			}
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("want error containing %q, got result %q", tt.wantErr, got)
				}
				if !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %q does not contain %q", err, tt.wantErr)
				}
				if got != nil {
					t.Fatalf("result returned with error: %q", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if string(got) != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTypedErrors(t *testing.T) {
	_, err := Apply([]byte("x\nx\n"), []Edit{{"x", "y"}})
	var amb *AmbiguousError
	if !errors.As(err, &amb) || len(amb.Lines) != 2 || amb.Lines[0] != 1 || amb.Lines[1] != 2 {
		t.Fatalf("want *AmbiguousError at 1,2, got %#v", err)
	}
	_, err = Apply([]byte("x\n"), []Edit{{"y", "z"}})
	var nm *NoMatchError
	if !errors.As(err, &nm) {
		t.Fatalf("want *NoMatchError, got %T", err)
	}
	var ee *Error
	if !errors.As(err, &ee) || ee.Edit != 1 {
		t.Fatalf("want *Error for edit 1, got %#v", err)
	}
	if _, err := Apply([]byte("x"), nil); !errors.Is(err, ErrNoEdits) {
		t.Fatalf("want ErrNoEdits, got %v", err)
	}
	_, err = Apply([]byte("a\nb\n"), []Edit{{"a\n...\nb", "c"}})
	var el *ElisionError
	if !errors.As(err, &el) {
		t.Fatalf("want *ElisionError, got %v", err)
	}
}

func TestNoMatchClosest(t *testing.T) {
	in := "package p\n\nfunc f() {\n\ta := 1\n\tb := 2\n\tc := 3\n\treturn\n}\n"
	_, err := Apply([]byte(in), []Edit{{"func f() {\n\ta := 1\n\tb := 20\n\tc := 3\n", "x"}})
	var nm *NoMatchError
	if !errors.As(err, &nm) {
		t.Fatalf("want *NoMatchError, got %v", err)
	}
	if nm.ClosestStart != 3 || nm.Agree != 3 || nm.Of != 4 || len(nm.Closest) != 4 || nm.Closest[2] != "\tb := 2" {
		t.Fatalf("closest = %d %q agree %d/%d", nm.ClosestStart, nm.Closest, nm.Agree, nm.Of)
	}
	if !strings.Contains(err.Error(), "     5| \tb := 2") {
		t.Fatalf("error does not number the closest lines:\n%s", err)
	}
	// Too little agreement: no excerpt, rather than a misleading one.
	_, err = Apply([]byte(in), []Edit{{"func f() {\nx\ny\nz\n", "x"}})
	if !errors.As(err, &nm) || len(nm.Closest) != 0 {
		t.Fatalf("want no closest run, got %v", err)
	}
}

func TestElsewhereFinder(t *testing.T) {
	other := []byte("one\ntwo\nthree\n")
	var asked string
	opt := Options{Elsewhere: func(search string) []string {
		asked = search
		var out []string
		for _, n := range Locate(other, search) {
			out = append(out, "other.txt:"+itoa(n))
		}
		return out
	}}
	in := []byte("alpha\nbeta\n")
	got, err := ApplyWith(in, []Edit{{"two\nthree\n", "2\n3\n"}}, opt)
	if got != nil || asked != "two\nthree\n" {
		t.Fatalf("finder not asked or result returned: %q %q", got, asked)
	}
	var nm *NoMatchError
	if !errors.As(err, &nm) || len(nm.Elsewhere) != 1 || nm.Elsewhere[0] != "other.txt:2" {
		t.Fatalf("want elsewhere other.txt:2, got %v", err)
	}
	if string(other) != "one\ntwo\nthree\n" {
		t.Fatal("other file changed")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestLocate(t *testing.T) {
	tests := []struct {
		in, search string
		want       []int
	}{
		{"a\nb\na\n", "a", []int{1, 3}},
		{"a \nb\n", "a", []int{1}},
		{"\tx\n", "x", []int{1}},
		{"a\n", "", nil},
		{"a\n", "q", nil},
	}
	for _, tt := range tests {
		got := Locate([]byte(tt.in), tt.search)
		if len(got) != len(tt.want) {
			t.Fatalf("Locate(%q, %q) = %v, want %v", tt.in, tt.search, got, tt.want)
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Fatalf("Locate(%q, %q) = %v, want %v", tt.in, tt.search, got, tt.want)
			}
		}
	}
}

func TestHugeFile(t *testing.T) {
	in := hugeFile(5 << 20)
	target := "\tvalue_049999 := compute(49999)\n"
	if !strings.Contains(in, target) {
		t.Fatal("test file lacks the target line")
	}
	got, err := Apply([]byte(in), []Edit{{target, "\tvalue_049999 := 0\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(in, target, "\tvalue_049999 := 0\n", 1); string(got) != want {
		t.Fatal("huge file edit changed more than the target line")
	}
}

// hugeFile builds about size bytes of distinct Go-like lines.
func hugeFile(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		n := pad6(i)
		b.WriteString("\tvalue_" + n + " := compute(" + itoa(i) + ")\n")
	}
	return b.String()
}

func pad6(i int) string {
	s := itoa(i)
	return strings.Repeat("0", max(0, 6-len(s))) + s
}
