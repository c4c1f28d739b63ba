package tools

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/sandbox"
)

// misjudged lets a test build stand in for a parser mistake: the line runs
// as if judged read-only, so the test can show the sandbox still holds.
var misjudged func(line string) (permission.Clearance, bool)

// gitContained keeps git, inside the sandbox, to the repository's own vetted
// config: no system or user config (whose programs the sandbox would refuse
// anyway), no fsmonitor, hooks or pager, and no optional lock writes.
var gitContained = []string{
	"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_OPTIONAL_LOCKS=0",
	"GIT_CONFIG_COUNT=3",
	"GIT_CONFIG_KEY_0=core.fsmonitor", "GIT_CONFIG_VALUE_0=false",
	"GIT_CONFIG_KEY_1=core.hooksPath", "GIT_CONFIG_VALUE_1=/dev/null",
	"GIT_CONFIG_KEY_2=core.pager", "GIT_CONFIG_VALUE_2=cat",
}

// contain prepares cmd for the sandbox its clearance calls for: commands
// judged read-only always (when the system has a sandbox), approved ones
// only when the person asked for that in Settings. It returns the policy to
// start the command under (nil: uncontained) and a cleanup for its private
// temp dir, to run once the command's processes are gone.
func (s *session) contain(cmd *exec.Cmd, c permission.Clearance) (p *sandbox.Policy, cleanup func(), err error) {
	if !sandbox.Available().Active() || (!c.ReadOnly && !s.containApproved) {
		return nil, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "hearth-cmd-")
	if err != nil {
		return nil, nil, fmt.Errorf("shell: sandbox temp dir: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	// The session bus and the agents a desktop session advertises are out of
	// reach (the sandbox refuses unix sockets); their variables go too, so
	// clients fail at once rather than try to autolaunch a bus.
	env := withoutEnv(cmd.Env, localServiceVars)
	if c.ReadOnly {
		programs := append([]string{cmd.Path}, c.Programs...)
		policy := sandbox.ReadOnly(s.root.Dir(), tmp, programs)
		p = &policy
		cmd.Env = withEnv(env, append([]string{"TMPDIR=" + tmp, "HOME=" + tmp, "XDG_CONFIG_HOME=" + tmp, "XDG_RUNTIME_DIR=" + tmp}, gitContained...))
	} else {
		policy := sandbox.Approved(s.root.Dir(), tmp)
		p = &policy
		cmd.Env = withEnv(env, []string{"TMPDIR=" + tmp, "XDG_RUNTIME_DIR=" + tmp})
	}
	return p, cleanup, nil
}

// localServiceVars point clients at the user's local services over unix
// sockets, which a contained command cannot reach.
var localServiceVars = []string{
	"DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "SSH_AUTH_SOCK", "GNOME_KEYRING_CONTROL",
	"GPG_AGENT_INFO", "WAYLAND_DISPLAY", "DISPLAY", "XAUTHORITY",
}

// withoutEnv returns env without the variables named.
func withoutEnv(env, names []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(names, name) {
			out = append(out, kv)
		}
	}
	return out
}

// withEnv returns env with each NAME=value of set replacing any earlier
// value of NAME.
func withEnv(env, set []string) []string {
	names := map[string]bool{}
	for _, kv := range set {
		name, _, _ := strings.Cut(kv, "=")
		names[name] = true
	}
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !names[name] {
			out = append(out, kv)
		}
	}
	return append(out, set...)
}
