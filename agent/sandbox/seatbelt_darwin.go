package sandbox

import (
	"os"
	"os/exec"
	"sync"
)

const sandboxExec = "/usr/bin/sandbox-exec"

var status = sync.OnceValue(func() Status {
	if _, err := os.Stat(sandboxExec); err != nil {
		return Status{Kind: "none", Mechanism: "macOS sandbox-exec is missing", Detail: "This system offers no sandbox, so commands are not sandboxed: only commands the parser proves read-only run without asking."}
	}
	return Status{Kind: "seatbelt", Mechanism: "macOS Seatbelt sandbox (sandbox-exec)",
		Detail: "Sandboxed: commands run without asking read only the workspace and system programs, write only a private temp dir, run only the programs judged, no network."}
})

// Available reports the sandbox this machine offers.
func Available() Status { return status() }

// start starts cmd under sandbox-exec with p as its profile; the program
// sandbox-exec runs keeps the command's process group.
func start(cmd *exec.Cmd, p Policy) error {
	cmd.Args = append([]string{sandboxExec, "-p", seatbeltProfile(p), cmd.Path}, cmd.Args[1:]...)
	cmd.Path = sandboxExec
	return cmd.Start()
}
