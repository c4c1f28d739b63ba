package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A program linked against a library that is then unlinked, as make build
// unlinks the toolkit: with LD_BIND_NOW the loader refuses it until elfweak
// has run, and after it the program starts, calls the C library, and still
// reaches the library's function once it loads it itself.
func TestAWeakenedBinaryStartsUnderBindNow(t *testing.T) {
	for _, tool := range []string{"cc", "patchelf"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (scripts/setup.sh installs it)", tool)
		}
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ext.c", "int ext_answer(void) { return 42; }\n")
	write("main.c", `#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
int ext_answer(void);
int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "load") == 0) {
		if (!dlopen("`+filepath.Join(dir, "libext.so")+`", RTLD_LAZY | RTLD_GLOBAL)) { puts(dlerror()); return 1; }
		printf("answer %d\n", ext_answer());
		return 0;
	}
	puts("started");
	return 0;
}
`)
	run := func(env []string, name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, args := range [][]string{
		{"-shared", "-fPIC", "-o", "libext.so", "ext.c"},
		{"-o", "prog", "main.c", "-L.", "-lext", "-ldl"},
	} {
		if out, err := run(nil, "cc", args...); err != nil {
			t.Fatalf("cc %v: %v\n%s", args, err, out)
		}
	}
	if out, err := run(nil, "patchelf", "--remove-needed", "libext.so", "prog"); err != nil {
		t.Fatalf("patchelf: %v\n%s", err, out)
	}
	prog := filepath.Join(dir, "prog")
	bindNow := []string{"LD_BIND_NOW=1"}
	if out, err := run(bindNow, prog); err == nil || !strings.Contains(out, "ext_answer") {
		t.Fatalf("before elfweak, under LD_BIND_NOW: %v, %q; want the loader's refusal naming ext_answer", err, out)
	}

	n, err := weaken(prog)
	if err != nil || n != 1 {
		t.Fatalf("weaken = %d, %v; want the one unversioned function", n, err)
	}
	f, err := elf.Open(prog)
	if err != nil {
		t.Fatal(err)
	}
	syms, _ := f.DynamicSymbols()
	f.Close()
	seen := map[string]bool{}
	for _, s := range syms {
		weak := elf.ST_BIND(s.Info) == elf.STB_WEAK
		seen[s.Name] = true
		if s.Name == "ext_answer" && !weak {
			t.Error("ext_answer is still global")
		}
		if s.Name == "puts" && (weak || s.Version == "") {
			t.Errorf("the C library's puts was changed: bind %v, version %q", elf.ST_BIND(s.Info), s.Version)
		}
	}
	if !seen["ext_answer"] || !seen["puts"] {
		t.Fatalf("the program's dynamic symbols lack ext_answer or puts: %v", seen)
	}
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{bindNow, nil, "started\n"},
		{nil, nil, "started\n"},
		{nil, []string{"load"}, "answer 42\n"},
	} {
		if out, err := run(c.env, prog, c.args...); err != nil || out != c.want {
			t.Errorf("prog %v with %v: %v, %q; want %q", c.args, c.env, err, out, c.want)
		}
	}
	if n, err := weaken(prog); err != nil || n != 0 {
		t.Errorf("a second run changed %d symbols, %v; want none", n, err)
	}
}
