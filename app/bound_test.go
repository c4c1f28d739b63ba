package app

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var updateBound = flag.Bool("update-bound", false, "rewrite testdata/bound.txt from the handlers' methods")

// maxPerHandler keeps each handler one small area of the window.
const maxPerHandler = 20

// Wails binds every exported method of every handler: the page may call
// each one. The list is kept in testdata/bound.txt so a method added to a
// handler is a reviewed change, App itself binds nothing (its methods are
// promoted into every handler), and no lifecycle method is ever bound.
func TestBoundSurface(t *testing.T) {
	if n := reflect.TypeOf(&App{}).NumMethod(); n != 0 {
		t.Errorf("App has %d exported methods; each would be bound on every handler", n)
	}
	var got []string
	for _, h := range newHandlers(&App{}).bound() {
		typ := reflect.TypeOf(h)
		if typ.NumMethod() > maxPerHandler {
			t.Errorf("%s has %d methods; split it (at most %d)", typ.Elem().Name(), typ.NumMethod(), maxPerHandler)
		}
		for i := range typ.NumMethod() {
			name := typ.Method(i).Name
			for _, never := range []string{"Close", "Shutdown", "SetEmitter", "OpenSessionsInBackground", "Startup"} {
				if name == never {
					t.Errorf("lifecycle method %s.%s is bound: the webview could call it", typ.Elem().Name(), name)
				}
			}
			got = append(got, typ.Elem().Name()+"."+name)
		}
	}
	slices.Sort(got)
	path := filepath.Join("testdata", "bound.txt")
	if *updateBound {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(b))
	if !slices.Equal(got, want) {
		t.Errorf("the bound methods changed (review, then go test ./app -run TestBoundSurface -update-bound):\n got %v\nwant %v", got, want)
	}
}
