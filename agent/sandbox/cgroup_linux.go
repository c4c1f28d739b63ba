package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// cgroup is one command's own cgroup v2: every process the command starts,
// detached or not, is born inside it and cannot leave without write access
// to the cgroup tree, which the sandbox never grants.
type cgroup struct {
	dir string
	fd  int // the directory, for CLONE_INTO_CGROUP
}

var cgroupSeq atomic.Uint64

// cgroupParent is the cgroup Hearth's commands are made under (Hearth's own),
// or "" when this system offers none Hearth may write and start processes in.
var cgroupParent = sync.OnceValue(func() string {
	dir, err := ownCgroup()
	if err != nil || unix.Access(filepath.Join(dir, "cgroup.procs"), unix.W_OK) != nil {
		return ""
	}
	if err := probeCgroup(dir); err != nil {
		return ""
	}
	return dir
})

// ownCgroup returns the cgroup v2 directory this process belongs to.
func ownCgroup() (string, error) {
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	var rel string
	for line := range strings.Lines(string(self)) {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "0::"); ok {
			rel = p
		}
	}
	if rel == "" {
		return "", errors.New("no cgroup v2")
	}
	mounts, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	defer mounts.Close()
	sc := bufio.NewScanner(mounts)
	for sc.Scan() {
		// mountinfo: id parent dev root mountpoint options... - fstype source options
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields := strings.Fields(pre)
		if ok && strings.HasPrefix(post, "cgroup2 ") && len(fields) >= 5 && fields[3] == "/" {
			return filepath.Join(fields[4], rel), nil
		}
	}
	return "", errors.New("cgroup2 is not mounted")
}

// probeCgroup starts a trivial process in a fresh child of parent: the only
// sure test that the kernel lets Hearth create and populate cgroups there.
func probeCgroup(parent string) error {
	truePath, err := exec.LookPath("true")
	if err != nil {
		return err
	}
	cg, err := makeCgroup(parent)
	if err != nil {
		return err
	}
	defer cg.remove()
	cmd := exec.Command(truePath)
	cmd.SysProcAttr = &syscall.SysProcAttr{UseCgroupFD: true, CgroupFD: cg.fd}
	return cmd.Run()
}

// newCgroup makes a fresh cgroup for one command.
func newCgroup() (*cgroup, error) {
	parent := cgroupParent()
	if parent == "" {
		return nil, errors.New("no writable cgroup v2")
	}
	return makeCgroup(parent)
}

func makeCgroup(parent string) (*cgroup, error) {
	dir := filepath.Join(parent, fmt.Sprintf("hearth-cmd-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("sandbox: cgroup: %w", err)
	}
	fd, err := unix.Open(dir, unix.O_DIRECTORY|unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		_ = os.Remove(dir)
		return nil, fmt.Errorf("sandbox: cgroup: %w", err)
	}
	return &cgroup{dir: dir, fd: fd}, nil
}

// kill sends SIGKILL to every process in the cgroup at once; kernels before
// cgroup.kill get a signal per listed process, repeated by end until empty.
func (c *cgroup) kill() {
	if os.WriteFile(filepath.Join(c.dir, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	procs, _ := os.ReadFile(filepath.Join(c.dir, "cgroup.procs"))
	for _, f := range strings.Fields(string(procs)) {
		if pid, err := strconv.Atoi(f); err == nil && pid > 0 {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
	}
}

// end kills everything in the cgroup, waits until the kernel reports it
// empty (so no late write can follow) and removes it.
func (c *cgroup) end(limit time.Duration) error {
	defer c.remove()
	deadline := time.Now().Add(limit)
	events, err := os.Open(filepath.Join(c.dir, "cgroup.events"))
	if err != nil {
		return fmt.Errorf("sandbox: cgroup: %w", err)
	}
	defer events.Close()
	buf := make([]byte, 512)
	for {
		c.kill()
		n, err := events.ReadAt(buf, 0)
		if n == 0 && err != nil {
			return fmt.Errorf("sandbox: cgroup: %w", err)
		}
		if bytes.Contains(buf[:n], []byte("populated 0")) {
			return nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("sandbox: cgroup %s still has processes", c.dir)
		}
		// cgroup.events signals a change with POLLPRI; the wait is bounded
		// because a kernel may not signal it for every change.
		fds := []unix.PollFd{{Fd: int32(events.Fd()), Events: unix.POLLPRI}}
		_, _ = unix.Poll(fds, int(min(left, 50*time.Millisecond).Milliseconds())+1)
	}
}

func (c *cgroup) remove() {
	_ = unix.Close(c.fd)
	_ = os.Remove(c.dir)
}
