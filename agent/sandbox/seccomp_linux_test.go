package sandbox

import (
	"errors"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestSocketFilter: on a thread under the filter, every way to make a unix
// socket that could connect to a path fails, while a socketpair and other
// families still work.
func TestSocketFilter(t *testing.T) {
	const ioUringSetup = 425 // the same number on every architecture
	tests := []struct {
		name string
		call func() error
		want error // nil: allowed
	}{
		{"unix stream socket", func() error { return sock(unix.AF_UNIX, unix.SOCK_STREAM) }, unix.EPERM},
		{"unix datagram socket", func() error { return sock(unix.AF_UNIX, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC) }, unix.EPERM},
		{"unix socket with high bits in the domain", func() error { return sock(1<<32|unix.AF_UNIX, unix.SOCK_STREAM) }, unix.EPERM},
		{"io_uring", func() error { _, _, e := unix.Syscall(ioUringSetup, 1, 0, 0); return errno(e) }, unix.EPERM},
		{"unix socketpair", func() error {
			fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
			if err == nil {
				unix.Close(fds[0])
				unix.Close(fds[1])
			}
			return err
		}, nil},
		{"inet socket", func() error { return sock(unix.AF_INET, unix.SOCK_STREAM) }, nil},
	}
	errs := make(chan []error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the filtered thread dies with the goroutine
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			t.Error(err)
			errs <- nil
			return
		}
		if err := loadSocketFilter(); err != nil {
			t.Error(err)
			errs <- nil
			return
		}
		var got []error
		for _, tt := range tests {
			got = append(got, tt.call())
		}
		errs <- got
	}()
	got := <-errs
	if got == nil {
		return
	}
	for i, tt := range tests {
		if !errors.Is(got[i], tt.want) && got[i] != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got[i], tt.want)
		}
	}
	// The test's own thread, and so Hearth, is not filtered.
	if err := sock(unix.AF_UNIX, unix.SOCK_STREAM); err != nil {
		t.Errorf("unfiltered thread: %v", err)
	}
}

// sock makes and closes a socket with the raw syscall, so the domain's high
// bits reach the kernel as given.
func sock(domain uint64, typ int) error {
	fd, _, e := unix.RawSyscall(unix.SYS_SOCKET, uintptr(domain), uintptr(typ), 0)
	if e != 0 {
		return e
	}
	return unix.Close(int(fd))
}

func errno(e unix.Errno) error {
	if e == 0 {
		return nil
	}
	return e
}
