package sandbox

import (
	"fmt"
	"os/exec"
	"runtime"
	"sync"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

var status = sync.OnceValue(func() Status {
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		return Status{Kind: "none", Mechanism: "The Linux kernel has no Landlock support", Detail: "This system offers no sandbox, so commands are not sandboxed: only commands the parser proves read-only run without asking."}
	}
	net := "no network or local services"
	if abi < 4 {
		net = "no local services, network not restricted (kernel too old)"
	}
	return Status{Kind: "landlock", ABI: abi, Mechanism: fmt.Sprintf("Linux Landlock sandbox, kernel ABI version %d", abi),
		Detail: "Sandboxed: commands run without asking read only the workspace and system programs, write only a private temp dir, run only the programs judged, " + net + "."}
})

// Available reports the sandbox this machine offers.
func Available() Status { return status() }

const (
	readFile  = landlock.AccessFSSet(ll.AccessFSReadFile)
	readDir   = landlock.AccessFSSet(ll.AccessFSReadDir)
	execute   = landlock.AccessFSSet(ll.AccessFSExecute)
	writeFile = landlock.AccessFSSet(ll.AccessFSWriteFile | ll.AccessFSTruncate)
	// writeTree is everything but execution and reparenting beneath a dir.
	writeTree = landlock.AccessFSSet(ll.AccessFSWriteFile|ll.AccessFSRemoveDir|ll.AccessFSRemoveFile|
		ll.AccessFSMakeChar|ll.AccessFSMakeDir|ll.AccessFSMakeReg|ll.AccessFSMakeSock|ll.AccessFSMakeFifo|
		ll.AccessFSMakeBlock|ll.AccessFSMakeSym|ll.AccessFSTruncate) | readFile | readDir
)

// start applies p to a fresh OS thread and starts cmd from it.
func start(cmd *exec.Cmd, p Policy) error {
	fd, flags, err := ruleset(p)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	return startConfined(cmd, fd, flags)
}

// ruleset returns a Landlock ruleset fd for p and the flags to apply it with.
func ruleset(p Policy) (int, uint32, error) {
	fd, flags, err := config(p).NewRulesetFD(rules(p)...)
	if err != nil {
		return -1, 0, fmt.Errorf("sandbox: landlock: %w", err)
	}
	if fd < 0 {
		return -1, 0, ErrUnavailable
	}
	return fd, flags, nil
}

// startConfined starts cmd from a fresh locked OS thread that takes on the
// ruleset's domain and the socket filter first: the forked child inherits
// both, and the thread, never unlocked, ends with its goroutine instead of
// serving the rest of the process (the runtime makes new threads from a
// clean template thread meanwhile).
func startConfined(cmd *exec.Cmd, fd int, flags uint32) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := confineThread(fd, flags); err != nil {
			errc <- err
			return
		}
		errc <- cmd.Start()
	}()
	return <-errc
}

// confineThread puts the calling thread under no_new_privs, the Landlock
// domain of ruleset fd and the socket filter.
func confineThread(fd int, flags uint32) error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %w", err)
	}
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		return fmt.Errorf("sandbox: landlock: %w", err)
	}
	return loadSocketFilter()
}

// config is what the domain restricts: files, signals and abstract unix
// sockets reaching outside it always; the network unless p allows it.
func config(p Policy) landlock.Config {
	cfg := landlock.V7.BestEffort()
	if p.Network {
		cfg.HandledAccessNet = 0
	}
	return cfg
}

func rules(p Policy) []landlock.Rule {
	var out []landlock.Rule
	add := func(access landlock.AccessFSSet, paths []string) {
		if len(paths) > 0 {
			out = append(out, landlock.PathAccess(access, paths...).IgnoreIfMissing())
		}
	}
	if p.Unrestricted {
		add(readFile|readDir|execute, []string{"/"})
	}
	add(readFile|readDir, p.ReadDirs)
	add(readFile, p.ReadFiles)
	add(writeTree, p.WriteDirs)
	add(readFile|writeFile, p.WriteFiles)
	add(readFile|execute, withInterpreters(p.ExecFiles))
	add(readFile|readDir|execute, p.ExecDirs)
	return out
}
