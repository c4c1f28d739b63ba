package sandbox

import (
	"os/exec"
	"runtime"
	"syscall"
	"testing"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// BenchmarkContain times one `true` through bash, started and ended as the
// shell tool does, for each way of containing it and of tracking its
// processes; "landlock only" is the sandbox without the socket filter, to
// show what the filter adds.
func BenchmarkContain(b *testing.B) {
	if !Available().Active() {
		b.Skip("no Landlock")
	}
	ws, tmp := b.TempDir(), b.TempDir()
	bash, truePath := lookBench(b, "bash"), lookBench(b, "true")
	readOnly := ReadOnly(ws, tmp, []string{bash, truePath})
	cases := []struct {
		name     string
		tracking string
		policy   *Policy
		landOnly bool
	}{
		{"uncontained/group", "group", nil, false},
		{"uncontained/cgroup", "auto", nil, false},
		{"uncontained/reaper", "reaper", nil, false},
		{"read-only/landlock only/group", "group", &readOnly, true},
		{"read-only/landlock+seccomp/group", "group", &readOnly, false},
		{"read-only/landlock+seccomp/cgroup", "auto", &readOnly, false},
		{"read-only/landlock+seccomp/reaper", "reaper", &readOnly, false},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			if tc.tracking == "auto" && cgroupParent() == "" {
				b.Skip("no writable cgroup v2")
			}
			old := tracking
			tracking = tc.tracking
			defer func() { tracking = old }()
			for b.Loop() {
				cmd := exec.Command(bash, "-c", "true")
				cmd.Dir = ws
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				tree := Track(cmd)
				var err error
				if tc.landOnly {
					err = startLandlockOnly(cmd, *tc.policy)
				} else {
					err = tree.Start(tc.policy)
				}
				if err != nil {
					b.Fatal(err)
				}
				if err := cmd.Wait(); err != nil {
					b.Fatal(err)
				}
				if err := tree.End(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// startLandlockOnly is start without the socket filter.
func startLandlockOnly(cmd *exec.Cmd, p Policy) error {
	fd, flags, err := ruleset(p)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			errc <- err
			return
		}
		if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
			errc <- err
			return
		}
		errc <- cmd.Start()
	}()
	return <-errc
}

func lookBench(b *testing.B, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		b.Skipf("%s not installed", name)
	}
	return p
}
