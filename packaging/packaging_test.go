package packaging

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/blakesmith/ar"
	"github.com/klauspost/compress/zstd"
	rpmutils "github.com/sassoftware/go-rpmutils"

	"github.com/hearth-agent/hearth/app/cli"
)

// cliHelp is the real CLI's help, run in-process, so the tests package
// what the binary would print without building it.
func cliHelp(args ...string) (string, error) {
	var out, errOut bytes.Buffer
	env := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(string) string { return "" }, Version: "test"}
	if code := cli.Run(context.Background(), env, args); code != cli.ExitOK {
		return "", errors.New(errOut.String())
	}
	return out.String(), nil
}

// repoFile is a path in the repository, from this package's directory.
func repoFile(name string) string { return filepath.Join("..", name) }

var mtime = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func testSpec(t *testing.T) Spec {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "hearth")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho hearth test\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	return Spec{
		Binary:     bin,
		Desktop:    repoFile("build/linux/hearth.desktop"),
		Icon:       testIcon(t),
		Metainfo:   repoFile("build/linux/" + AppID + ".metainfo.xml"),
		Version:    "v1.2.3-4-gabcdef0",
		MTime:      mtime,
		Arch:       "amd64",
		Help:       cliHelp,
		Maintainer: "Test <test@example.invalid>",
	}
}

// testIcon writes a plain 512px PNG: scaling the real 1024px icon takes
// over a minute under the race detector, and make package scales it anyway.
func testIcon(t *testing.T) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := range 512 {
		for x := range 512 {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 0x80, 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "icon.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var (
	builtOnce sync.Once
	built     []string
	buildErr  error
)

// buildPackages builds the packages once for all tests that read them.
func buildPackages(t *testing.T) []string {
	t.Helper()
	builtOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hearth-packages-")
		if err != nil {
			buildErr = err
			return
		}
		built, buildErr = Build(context.Background(), testSpec(t), dir)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

func TestMain(m *testing.M) {
	code := m.Run()
	if len(built) > 0 {
		os.RemoveAll(filepath.Dir(built[0]))
	}
	os.Exit(code)
}

func pkgPath(t *testing.T, suffix string) string {
	t.Helper()
	for _, p := range buildPackages(t) {
		if strings.HasSuffix(p, suffix) {
			return p
		}
	}
	t.Fatalf("no package ending in %s among %v", suffix, built)
	return ""
}

// wantFiles are the files every package installs, with their modes.
func wantFiles() map[string]os.FileMode {
	want := map[string]os.FileMode{
		"/usr/bin/hearth":                                  0o755,
		"/usr/share/applications/hearth.desktop":           0o644,
		"/usr/share/metainfo/" + AppID + ".metainfo.xml":   0o644,
		"/usr/share/man/man1/hearth.1.gz":                  0o644,
		"/usr/share/bash-completion/completions/hearth":    0o644,
		"/usr/share/zsh/vendor-completions/_hearth":        0o644,
		"/usr/share/fish/vendor_completions.d/hearth.fish": 0o644,
	}
	for _, s := range IconSizes {
		want[fmt.Sprintf("/usr/share/icons/hicolor/%dx%d/apps/hearth.png", s, s)] = 0o644
	}
	return want
}

func checkFiles(t *testing.T, got map[string]os.FileMode) {
	t.Helper()
	for name, mode := range wantFiles() {
		if g, ok := got[name]; !ok {
			t.Errorf("missing %s", name)
		} else if g != mode {
			t.Errorf("%s mode %o, want %o", name, g, mode)
		}
	}
	for name := range got {
		if _, ok := wantFiles()[name]; !ok {
			t.Errorf("unexpected file %s", name)
		}
	}
}

func TestRPMHoldsTheAppItsDependenciesAndNoScripts(t *testing.T) {
	f, err := os.Open(pkgPath(t, ".rpm"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rpm, err := rpmutils.ReadRpm(f)
	if err != nil {
		t.Fatal(err)
	}
	nevra, err := rpm.Header.GetNEVRA()
	if err != nil {
		t.Fatal(err)
	}
	if nevra.Name != "hearth" || nevra.Version != "1.2.3+git4.abcdef0" || nevra.Arch != "x86_64" {
		t.Errorf("NEVRA %+v, want hearth 1.2.3+git4.abcdef0 x86_64", nevra)
	}
	requires, err := rpm.Header.GetStrings(rpmutils.REQUIRENAME)
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range Depends["rpm"] {
		if !slices.Contains(requires, dep) {
			t.Errorf("requires %v, missing %s", requires, dep)
		}
	}
	for _, tag := range []int{rpmutils.PREIN, rpmutils.POSTIN, rpmutils.PREUN, rpmutils.POSTUN} {
		if rpm.Header.HasTag(tag) {
			s, _ := rpm.Header.GetString(tag)
			t.Errorf("the rpm runs a script (tag %d): %q", tag, s)
		}
	}
	fis, err := rpm.Header.GetFiles()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]os.FileMode{}
	for _, fi := range fis {
		if fi.Mode()&0o170000 != 0o100000 { // regular files only; directories are shared
			continue
		}
		if fi.UserName() != "root" || fi.GroupName() != "root" {
			t.Errorf("%s owned by %s:%s", fi.Name(), fi.UserName(), fi.GroupName())
		}
		if fi.Mtime() != int(mtime.Unix()) {
			t.Errorf("%s mtime %d, want %d", fi.Name(), fi.Mtime(), mtime.Unix())
		}
		got[fi.Name()] = os.FileMode(fi.Mode() & 0o777)
	}
	checkFiles(t, got)
}

func TestArchPackageHoldsTheAppItsDependenciesAndNoScripts(t *testing.T) {
	f, err := os.Open(pkgPath(t, ".pkg.tar.zst"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	tr := tar.NewReader(zr)
	got := map[string]os.FileMode{}
	var pkginfo string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case h.Name == ".PKGINFO":
			b, _ := io.ReadAll(tr)
			pkginfo = string(b)
		case h.Name == ".INSTALL":
			t.Errorf("the Arch package runs an install script")
		case h.Typeflag == tar.TypeReg && !strings.HasPrefix(h.Name, "."):
			if !h.ModTime.Equal(mtime) {
				t.Errorf("%s mtime %v, want %v", h.Name, h.ModTime, mtime)
			}
			got["/"+h.Name] = os.FileMode(h.Mode & 0o777)
		}
	}
	checkFiles(t, got)
	for _, want := range []string{"pkgname = hearth", "pkgver = 1.2.3+git4.abcdef0-1", "arch = x86_64",
		"depend = webkit2gtk-4.1", "depend = gtk3", "builddate = " + strconv.FormatInt(mtime.Unix(), 10)} {
		if !strings.Contains(pkginfo, want+"\n") {
			t.Errorf(".PKGINFO lacks %q:\n%s", want, pkginfo)
		}
	}
}

func TestDebControlNamesTheLibraries(t *testing.T) {
	f, err := os.Open(pkgPath(t, ".deb"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := ar.NewReader(f)
	var control string
	for {
		h, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(h.Name, "control.tar") {
			control = readControl(t, r)
		}
	}
	want := "Depends: libwebkit2gtk-4.1-0, libgtk-3-0t64 | libgtk-3-0\n"
	if !strings.Contains(control, want) {
		t.Errorf("control lacks %q:\n%s", want, control)
	}
	if !strings.Contains(control, "Version: 1.2.3+git4.abcdef0-1\n") {
		t.Errorf("control has the wrong version:\n%s", control)
	}
}

func readControl(t *testing.T, r io.Reader) string {
	t.Helper()
	zr, err := gzip.NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no control file: %v", err)
		}
		switch strings.TrimPrefix(h.Name, "./") {
		case "control":
			b, _ := io.ReadAll(tr)
			return string(b)
		case "preinst", "postinst", "prerm", "postrm":
			t.Errorf("the deb runs a maintainer script %s", h.Name)
		}
	}
}

// The same inputs give the same bytes, even when the staged files and the
// binary carry other times.
func TestBuildIsReproducible(t *testing.T) {
	first := buildPackages(t)
	s := testSpec(t)
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(s.Binary, later, later); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Binary, []byte("#!/bin/sh\necho hearth test\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	second, err := Build(context.Background(), s, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(second) {
		t.Fatalf("built %v then %v", first, second)
	}
	for i := range first {
		compareFiles(t, first[i], second[i])
	}
	compareFiles(t, filepath.Join(filepath.Dir(first[0]), "SHA256SUMS"), filepath.Join(filepath.Dir(second[0]), "SHA256SUMS"))
}

func compareFiles(t *testing.T, a, b string) {
	t.Helper()
	if filepath.Base(a) != filepath.Base(b) {
		t.Errorf("names differ: %s, %s", a, b)
	}
	x, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x, y) {
		t.Errorf("%s differs between two builds of the same input", filepath.Base(a))
	}
}

func TestSumsNameEveryPackage(t *testing.T) {
	paths := buildPackages(t)
	sums, err := os.ReadFile(filepath.Join(filepath.Dir(paths[0]), "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(sums)), "\n")
	if len(lines) != len(paths) {
		t.Fatalf("SHA256SUMS has %d lines for %d packages:\n%s", len(lines), len(paths), sums)
	}
	for _, p := range paths {
		if !strings.Contains(string(sums), "  "+filepath.Base(p)+"\n") {
			t.Errorf("SHA256SUMS lacks %s", filepath.Base(p))
		}
	}
}

func TestPackageVersion(t *testing.T) {
	tests := []struct{ describe, want string }{
		{"v1.2.3", "1.2.3"},
		{"1.2.3", "1.2.3"},
		{"v1.2.3-dirty", "1.2.3+dirty"},
		{"v1.2.3-4-gabcdef0", "1.2.3+git4.abcdef0"},
		{"v1.2.3-4-gabcdef0-dirty", "1.2.3+git4.abcdef0.dirty"},
		{"e75ce6c", "0.0.0+git.e75ce6c"},
		{"e75ce6c-dirty", "0.0.0+git.e75ce6c.dirty"},
		{"dev", "0.0.0+dev"},
	}
	for _, tc := range tests {
		if got := PackageVersion(tc.describe); got != tc.want {
			t.Errorf("PackageVersion(%q) = %q, want %q", tc.describe, got, tc.want)
		}
	}
}
