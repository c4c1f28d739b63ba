package sandbox

import (
	"bytes"
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
)

// withInterpreters adds what the kernel opens for execution on the way to
// each program: a script's #! interpreter and an ELF file's dynamic loader.
// Without them an allowed program could not start at all.
func withInterpreters(files []string) []string {
	seen := map[string]bool{}
	var out []string
	var visit func(string, int)
	visit = func(f string, depth int) {
		if depth > 4 || seen[f] {
			return
		}
		seen[f] = true
		out = append(out, f)
		if real, err := filepath.EvalSymlinks(f); err == nil && real != f {
			visit(real, depth+1)
		}
		if in := interpreter(f); in != "" {
			visit(in, depth+1)
		}
	}
	for _, f := range files {
		visit(f, 0)
	}
	return out
}

// interpreter returns the program the kernel runs f with, or "".
func interpreter(f string) string {
	fh, err := os.Open(f)
	if err != nil {
		return ""
	}
	defer fh.Close()
	head := make([]byte, 256)
	n, _ := fh.Read(head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte("#!")) {
		line, _, _ := bytes.Cut(head[2:], []byte("\n"))
		fields := strings.Fields(string(line))
		if len(fields) > 0 {
			return fields[0]
		}
		return ""
	}
	ef, err := elf.NewFile(fh)
	if err != nil {
		return ""
	}
	defer ef.Close()
	for _, prog := range ef.Progs {
		if prog.Type == elf.PT_INTERP {
			b := make([]byte, prog.Filesz)
			if _, err := prog.ReadAt(b, 0); err == nil {
				return strings.TrimRight(string(b), "\x00")
			}
		}
	}
	return ""
}
