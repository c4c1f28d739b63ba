package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// init turns this process into the helper when a policy was handed to it;
// it runs before main (and before TestMain), so every binary that can start
// sandboxed commands can also be their helper.
func init() {
	raw, ok := os.LookupEnv(envPolicy)
	if !ok {
		return
	}
	_ = os.Unsetenv(envPolicy)
	var p Policy
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		helperFail(fmt.Errorf("bad policy: %w", err))
	}
	if len(os.Args) < 3 {
		helperFail(fmt.Errorf("no command given"))
	}
	if err := restrict(p); err != nil {
		helperFail(err)
	}
	err := syscall.Exec(os.Args[1], os.Args[2:], os.Environ())
	helperFail(fmt.Errorf("exec %s: %w", os.Args[1], err))
}

var status = sync.OnceValue(func() Status {
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		return Status{Kind: "none", Detail: "The kernel offers no Landlock, so commands are not sandboxed: only commands the parser proves read-only run without asking."}
	}
	net := "no network"
	if abi < 4 {
		net = "network not restricted (kernel too old)"
	}
	return Status{Kind: "landlock", ABI: abi, Detail: fmt.Sprintf("Landlock (ABI %d): commands run without asking read only the workspace and system programs, write only a private temp dir, run only the programs judged, %s.", abi, net)}
})

// Available reports the sandbox this machine offers.
func Available() Status { return status() }

func wrap(cmd *exec.Cmd, p Policy) error { return reexec(cmd, p) }

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

// restrict applies p to this process (all threads) for good.
func restrict(p Policy) error {
	if !Available().Active() {
		return ErrUnavailable
	}
	var rules []landlock.Rule
	add := func(access landlock.AccessFSSet, paths []string) {
		if len(paths) > 0 {
			rules = append(rules, landlock.PathAccess(access, paths...).IgnoreIfMissing())
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
	cfg := landlock.V7.BestEffort()
	var err error
	if p.Network {
		err = cfg.RestrictPaths(rules...)
	} else {
		err = cfg.Restrict(rules...)
	}
	if err != nil {
		return fmt.Errorf("landlock: %w", err)
	}
	return nil
}
