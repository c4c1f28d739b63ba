package query

import (
	"errors"
	"reflect"
	"testing"
)

func TestAsPrefix(t *testing.T) {
	tests := []struct {
		q, want string
		ok      bool
	}{
		{"getFooBa", "getFooBa*", true},
		{"  mutex unl ", "mutex unl*", true},
		{"ошибк", "ошибк*", true},
		{"path:src retr", "path:src retr*", true},
		{"snake_cas", "snake_cas*", true},
		{"retry*", "", false},
		{"goroutin~", "", false},
		{`"no such fi`, "", false},
		{`"no such"`, "", false},
		{"a OR", "", false},
		{"os.Ope", "", false},
		{"ext:go", "", false},
		{`/err\w+/`, "", false},
		{"   ", "", false},
	}
	for _, tt := range tests {
		if got, ok := AsPrefix(tt.q); got != tt.want || ok != tt.ok {
			t.Errorf("AsPrefix(%q) = %q, %v; want %q, %v", tt.q, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFields(t *testing.T) {
	tests := []struct {
		q    string
		want []Field
	}{
		{"  a  b ", []Field{{Text: "a"}, {Text: "b"}}},
		{`x "no such  file" y`, []Field{{Text: "x"}, {Text: "no such  file", Quoted: true}, {Text: "y"}}},
		{`"still typ`, []Field{{Text: "still typ", Quoted: true}}},
		{`/a b\/c/ ext:go`, []Field{{Text: `/a b\/c/`}, {Text: "ext:go"}}},
		{`/a/b c`, []Field{{Text: "/a/b"}, {Text: "c"}}}, // a slash inside a word closes nothing
		{"   ", nil},
	}
	for _, tt := range tests {
		if got := Fields(tt.q); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Fields(%q) = %+v, want %+v", tt.q, got, tt.want)
		}
	}
}

func TestFilterAndDef(t *testing.T) {
	tests := []struct {
		text, kind, val string
		not, ok         bool
	}{
		{"path:src/", "path", "src/", false, true},
		{"-File:vendor", "path", "vendor", true, true},
		{"EXT:go", "ext", "go", false, true},
		{"-lang:", "lang", "", true, true},
		{"os.Open", "", "", false, false},
		{"http://x", "", "", false, false},
	}
	for _, tt := range tests {
		kind, not, val, ok := Filter(tt.text)
		if kind != tt.kind || not != tt.not || val != tt.val || ok != tt.ok {
			t.Errorf("Filter(%q) = %q, %v, %q, %v", tt.text, kind, not, val, ok)
		}
	}
	if name, ok, err := Def("def:parseArgs"); name != "parseArgs" || !ok || err != nil {
		t.Errorf("Def(def:parseArgs) = %q, %v, %v", name, ok, err)
	}
	if name, ok, err := Def("def:"); name != "" || !ok || err != nil {
		t.Errorf("Def(def:) = %q, %v, %v", name, ok, err)
	}
	if _, _, err := Def("-def:x"); !errors.Is(err, ErrBadQuery) {
		t.Errorf("Def(-def:x) err = %v", err)
	}
	if _, ok, _ := Def("define"); ok {
		t.Error("Def(define) read a def:")
	}
}
