package workingset

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
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
// mappings of the file with inode ino and the bytes of them resident.
func mappingsOf(smaps io.Reader, ino uint64) ([]span, int64) {
	var (
		spans    []span
		resident int64
		in       bool // the current mapping is one of the executable's
	)
	sc := bufio.NewScanner(smaps)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if strings.HasSuffix(f[0], ":") { // a field of the current mapping
			if in && f[0] == "Rss:" && len(f) >= 2 {
				if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
					resident += kb << 10
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

// header reads a mapping's first line (range, perms, offset, device,
// inode, path) and says whether it is a read-only mapping of inode ino.
func header(f []string, ino uint64) (span, bool) {
	if len(f) < 6 || len(f[1]) != 4 || f[1][1] == 'w' {
		return span{}, false
	}
	n, err := strconv.ParseUint(f[4], 10, 64)
	if err != nil || n != ino {
		return span{}, false
	}
	lo, hi, ok := strings.Cut(f[0], "-")
	if !ok {
		return span{}, false
	}
	a, err1 := strconv.ParseUint(lo, 16, 64)
	b, err2 := strconv.ParseUint(hi, 16, 64)
	if err1 != nil || err2 != nil || b <= a {
		return span{}, false
	}
	return span{uintptr(a), uintptr(b)}, true
}
