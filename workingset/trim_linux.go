package workingset

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// span is one mapping of the executable.
type span struct{ lo, hi uintptr }

// TrimExecutable pages out the executable's read-only mappings (code and
// constants; never its writable data): the kernel drops them from this
// process and, where nothing else maps them, from memory.
func TrimExecutable() (Report, error) {
	var st syscall.Stat_t
	if err := syscall.Stat("/proc/self/exe", &st); err != nil {
		return Report{}, fmt.Errorf("finding the executable: %w", err)
	}
	spans, before, err := readMappings(st.Ino)
	if err != nil {
		return Report{}, err
	}
	if len(spans) == 0 {
		return Report{}, fmt.Errorf("no read-only mapping of the executable (inode %d) in /proc/self/smaps", st.Ino)
	}
	for _, s := range spans {
		if _, _, e := unix.Syscall(unix.SYS_MADVISE, s.lo, s.hi-s.lo, unix.MADV_PAGEOUT); e != 0 {
			if e == unix.EINVAL {
				return Report{}, fmt.Errorf("%w: %w", ErrUnsupported, e)
			}
			return Report{}, fmt.Errorf("paging out %#x-%#x: %w", s.lo, s.hi, e)
		}
	}
	r := Report{Mappings: len(spans), Before: before}
	_, r.After, _ = readMappings(st.Ino)
	return r, nil
}

// readMappings reads /proc/self/smaps as a stream: a window's is
// megabytes, which read whole would be garbage the size of what is trimmed.
func readMappings(ino uint64) ([]span, int64, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return nil, 0, fmt.Errorf("reading the process's mappings: %w", err)
	}
	defer f.Close()
	spans, resident := mappingsOf(f, ino)
	return spans, resident, nil
}

// mappingsOf finds, in the text of /proc/self/smaps, the read-only
// mappings of the file with inode ino and the bytes of them resident. It
// reads the lines in place: a window's smaps has tens of thousands, and
// their garbage would outlive the trim it measures.
func mappingsOf(smaps io.Reader, ino uint64) ([]span, int64) {
	var (
		spans    []span
		resident int64
		in       bool // the current mapping is one of the executable's
		fields   [6][]byte
	)
	sc := bufio.NewScanner(smaps)
	for sc.Scan() {
		f := splitFields(sc.Bytes(), fields[:0])
		if len(f) == 0 {
			continue
		}
		if bytes.HasSuffix(f[0], []byte(":")) { // a field of the current mapping
			if in && string(f[0]) == "Rss:" && len(f) >= 2 {
				if kb, ok := parseUint(f[1], 10); ok {
					resident += int64(kb) << 10
				}
			}
			continue
		}
		var s span
		if s, in = header(f, ino); in {
			spans = append(spans, s)
		}
	}
	return spans, resident
}

// splitFields appends to out the space-separated fields of line, up to
// out's capacity, without copying them.
func splitFields(line []byte, out [][]byte) [][]byte {
	for len(line) > 0 && len(out) < cap(out) {
		line = bytes.TrimLeft(line, " \t")
		if len(line) == 0 {
			break
		}
		end := bytes.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		out = append(out, line[:end])
		line = line[end:]
	}
	return out
}

// header reads a mapping's first line (range, perms, offset, device,
// inode, path) and says whether it is a read-only mapping of inode ino.
func header(f [][]byte, ino uint64) (span, bool) {
	if len(f) < 6 || len(f[1]) != 4 || f[1][1] == 'w' {
		return span{}, false
	}
	if n, ok := parseUint(f[4], 10); !ok || n != ino {
		return span{}, false
	}
	lo, hi, ok := bytes.Cut(f[0], []byte("-"))
	if !ok {
		return span{}, false
	}
	a, ok1 := parseUint(lo, 16)
	b, ok2 := parseUint(hi, 16)
	if !ok1 || !ok2 || b <= a {
		return span{}, false
	}
	return span{uintptr(a), uintptr(b)}, true
}

// parseUint reads digits in base (10 or 16). The conversion to string does
// not allocate for fields this short, which TestMappingsOfReadsLinesInPlace checks.
func parseUint(digits []byte, base int) (uint64, bool) {
	n, err := strconv.ParseUint(string(digits), base, 64)
	return n, err == nil
}
