//go:build linux && cgo

package app

import (
	"debug/elf"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The shipped binary is unlinked from every library but the C library
// (scripts/unlink-toolkit.sh), so LoadToolkit must load every other one
// this package links; the test binary links exactly those.
func TestToolkitCoversWhatTheBinaryLinks(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	kept := regexp.MustCompile(`^(libc|libm|libpthread|libdl|librt|ld-linux[^.]*)\.so`)
	var toolkit int
	for _, lib := range libs {
		if kept.MatchString(lib) {
			continue
		}
		toolkit++
		if !slices.Contains(ToolkitLibraries, lib) {
			t.Errorf("the binary links %s, which LoadToolkit does not load", lib)
		}
	}
	if toolkit == 0 {
		t.Fatalf("the test binary links no toolkit library (%v): the check would pass vacuously", libs)
	}
}

// In a binary that names the libraries, as the test binary does, loading
// them again is a no-op that succeeds.
func TestLoadToolkitLoadsWhatIsLinked(t *testing.T) {
	if err := LoadToolkit(); err != nil {
		t.Fatal(err)
	}
}

// A library missing from the machine is named, with what to install.
func TestLoadToolkitNamesAMissingLibrary(t *testing.T) {
	err := loadLibraries([]string{"libglib-2.0.so.0", "libhearth-absent-9.so.0"})
	if err == nil {
		t.Fatal("loading an absent library succeeded")
	}
	for _, want := range []string{"libhearth-absent-9.so.0", "WebKitGTK 4.1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// The restart moves LD_BIND_NOW aside and keeps its value to give back; a
// value left from an earlier restart is not duplicated.
func TestWithoutBindNow(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"HOME=/h", "LD_BIND_NOW=1"}, []string{"HOME=/h", "HEARTH_LD_BIND_NOW=1"}},
		{[]string{"LD_BIND_NOW=yes", "HEARTH_LD_BIND_NOW=old", "PATH=/b"}, []string{"HEARTH_LD_BIND_NOW=yes", "PATH=/b"}},
		{[]string{"LD_BIND_NOT=1"}, []string{"LD_BIND_NOT=1"}},
	}
	for _, c := range cases {
		if got := withoutBindNow(c.in); !slices.Equal(got, c.want) {
			t.Errorf("withoutBindNow(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
