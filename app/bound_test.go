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

var updateBound = flag.Bool("update-bound", false, "rewrite testdata/bound.txt from App's methods")

// Wails binds every exported method of App: the page may call each one.
// The list is kept in testdata/bound.txt so a method added to (or left
// on) App is a reviewed change, and no lifecycle method is ever bound.
func TestBoundSurface(t *testing.T) {
	typ := reflect.TypeOf(&App{})
	var got []string
	for i := range typ.NumMethod() {
		got = append(got, typ.Method(i).Name)
	}
	slices.Sort(got)
	for _, never := range []string{"Close", "Shutdown", "SetEmitter", "OpenSessionsInBackground", "Startup"} {
		if slices.Contains(got, never) {
			t.Errorf("lifecycle method %s is bound: the webview could call it", never)
		}
	}
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
		t.Errorf("App's bound methods changed (review, then go test ./app -run TestBoundSurface -update-bound):\n got %v\nwant %v", got, want)
	}
}
