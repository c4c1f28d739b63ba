package tools

import (
	"fmt"
	"os"
	"os/exec"
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
// only when the person asked for that in Settings. It returns what starts
// the command and a cleanup for its private temp dir.
func (s *session) contain(cmd *exec.Cmd, c permission.Clearance) (start func() error, cleanup func(), err error) {
	if !sandbox.Available().Active() || (!c.ReadOnly && !s.containApproved) {
		return cmd.Start, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "hearth-cmd-")
	if err != nil {
		return nil, nil, fmt.Errorf("shell: sandbox temp dir: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	var p sandbox.Policy
	if c.ReadOnly {
		programs := append([]string{cmd.Path}, c.Programs...)
		p = sandbox.ReadOnly(s.root.Dir(), tmp, programs)
		cmd.Env = withEnv(cmd.Env, append([]string{"TMPDIR=" + tmp, "HOME=" + tmp, "XDG_CONFIG_HOME=" + tmp}, gitContained...))
	} else {
		p = sandbox.Approved(s.root.Dir(), tmp)
		cmd.Env = withEnv(cmd.Env, []string{"TMPDIR=" + tmp})
	}
	return func() error { return sandbox.Start(cmd, p) }, cleanup, nil
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
