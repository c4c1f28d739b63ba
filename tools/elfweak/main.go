// Command elfweak marks the unversioned undefined functions of an ELF
// executable weak: make build runs it after unlinking the toolkit, so that
// with LD_BIND_NOW set the loader binds the toolkit's functions (not yet
// loaded) to nothing instead of refusing to start the binary. C library
// functions carry symbol versions and stay as they are.
//
// Usage: go run ./tools/elfweak BINARY
package main

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: elfweak BINARY")
		os.Exit(2)
	}
	n, err := weaken(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "elfweak:", err)
		os.Exit(1)
	}
	fmt.Printf("elfweak: %s: %d toolkit functions made weak\n", os.Args[1], n)
}

// weaken rewrites, in place, the binding of every undefined, unversioned,
// global function of path's dynamic symbol table to weak; it returns how
// many it changed.
func weaken(path string) (int, error) {
	f, err := elf.Open(path)
	if err != nil {
		return 0, err
	}
	offsets, err := weakenable(f)
	f.Close()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	out, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return 0, err
	}
	for off, info := range offsets {
		if _, err := out.WriteAt([]byte{info}, off); err != nil {
			out.Close()
			return 0, err
		}
	}
	return len(offsets), out.Close()
}

// weakenable maps the file offset of each symbol to weaken to its new
// st_info byte.
func weakenable(f *elf.File) (map[int64]byte, error) {
	if f.Class != elf.ELFCLASS64 {
		return nil, errors.New("only 64-bit ELF files are handled")
	}
	sec := f.Section(".dynsym")
	if sec == nil {
		return nil, errors.New("no dynamic symbol table")
	}
	syms, err := f.DynamicSymbols()
	if err != nil {
		return nil, err
	}
	const entry = 24 // sizeof(Elf64_Sym); st_info is its fifth byte
	out := map[int64]byte{}
	for i, s := range syms {
		undefinedFunc := s.Section == elf.SHN_UNDEF && elf.ST_TYPE(s.Info) == elf.STT_FUNC
		if !undefinedFunc || elf.ST_BIND(s.Info) != elf.STB_GLOBAL || s.Version != "" {
			continue
		}
		// DynamicSymbols skips the null symbol at index 0.
		off := int64(sec.Offset) + int64(i+1)*entry + 4
		out[off] = elf.ST_INFO(elf.STB_WEAK, elf.STT_FUNC)
	}
	return out, nil
}
