package acp

import (
	"context"
	"os"
	"strings"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/childenv"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// maxTerminalOutput is how much of a command's output (its end) the
// editor keeps for the model.
const maxTerminalOutput = 256 << 10

// terminalCreateWait bounds how long the editor may take to create a
// terminal.
const terminalCreateWait = 30 * time.Second

// editorTerminal runs approved shell commands in the editor's terminal,
// where the person sees them; the tools keep the unasked ones in Hearth's
// sandbox.
type editorTerminal struct{ s *live }

var _ tools.Terminal = (*editorTerminal)(nil)

// terminal is session s's terminal in the editor, nil when the editor
// offered none at initialize.
func (a *Agent) terminal(s *live) tools.Terminal {
	a.mu.Lock()
	offered := a.caps.Terminal
	a.mu.Unlock()
	if !offered {
		return nil
	}
	return &editorTerminal{s: s}
}

// Run creates a terminal for argv, shows it in the tool call, waits for
// its exit (killing it when ctx ends) and releases it once its output is
// read.
func (t *editorTerminal) Run(ctx context.Context, argv []string, dir string) (tools.TerminalResult, error) {
	c, id := t.s.a.client(), t.s.id
	limit := maxTerminalOutput
	// The cleanup runs after ctx ended too.
	after := context.WithoutCancel(ctx)
	// A terminal created as the turn is cancelled must still be known, to
	// be killed and released: its creation does not end with ctx.
	createCtx, cancel := context.WithTimeout(after, terminalCreateWait)
	defer cancel()
	made, err := c.CreateTerminal(createCtx, sdk.CreateTerminalRequest{SessionId: id, Command: argv[0], Args: argv[1:],
		Cwd: &dir, Env: withheldEnv(os.Environ()), OutputByteLimit: &limit})
	if err != nil {
		return tools.TerminalResult{}, err
	}
	term := made.TerminalId
	defer func() { _, _ = c.ReleaseTerminal(after, sdk.ReleaseTerminalRequest{SessionId: id, TerminalId: term}) }()
	if call := tool.CallID(ctx); call != "" {
		t.s.showTerminal(after, call, term)
	}
	exit, err := c.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: id, TerminalId: term})
	if ctx.Err() != nil {
		_, _ = c.KillTerminal(after, sdk.KillTerminalRequest{SessionId: id, TerminalId: term})
		out, _ := c.TerminalOutput(after, sdk.TerminalOutputRequest{SessionId: id, TerminalId: term})
		return tools.TerminalResult{Output: out.Output}, ctx.Err()
	}
	if err != nil {
		return tools.TerminalResult{}, err
	}
	out, err := c.TerminalOutput(after, sdk.TerminalOutputRequest{SessionId: id, TerminalId: term})
	if err != nil {
		return tools.TerminalResult{}, err
	}
	res := tools.TerminalResult{Output: out.Output}
	if out.Truncated {
		res.Output = "[output cut: its end is kept]\n" + res.Output
	}
	if exit.ExitCode != nil {
		res.ExitCode = *exit.ExitCode
	}
	if exit.Signal != nil {
		res.Signal = *exit.Signal
	}
	return res, nil
}

// withheldEnv blanks, in the terminal's environment, the variables Hearth
// keeps from every child (provider keys, HEARTH_*): the editor's terminal
// starts from the editor's environment, which ACP can only add to.
func withheldEnv(environ []string) []sdk.EnvVariable {
	out := []sdk.EnvVariable{}
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if name != "" && childenv.Withheld(name) {
			out = append(out, sdk.EnvVariable{Name: name, Value: ""})
		}
	}
	return out
}
