package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// terminals is an editor's terminal/* as real processes.
type terminals struct {
	mu      sync.Mutex
	n       int
	run     map[string]*editorTerm
	created []sdk.CreateTerminalRequest
	killed  []string
	// started is told each terminal's id once its process runs.
	started chan string
}

type editorTerm struct {
	cmd  *exec.Cmd
	out  *lockedBuffer
	done chan struct{}
	err  error
}

func newTerminals() *terminals {
	return &terminals{run: map[string]*editorTerm{}, started: make(chan string, 8)}
}

func (ts *terminals) create(p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	cmd := exec.Command(p.Command, p.Args...)
	if p.Cwd != nil {
		cmd.Dir = *p.Cwd
	}
	cmd.Env = os.Environ()
	for _, v := range p.Env {
		cmd.Env = append(cmd.Env, v.Name+"="+v.Value)
	}
	t := &editorTerm{cmd: cmd, out: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = t.out, t.out
	// A killed shell's children may hold its output open; a terminal
	// does not wait for them.
	cmd.WaitDelay = 100 * time.Millisecond
	if err := cmd.Start(); err != nil {
		return sdk.CreateTerminalResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	go func() { t.err = cmd.Wait(); close(t.done) }()
	ts.mu.Lock()
	ts.n++
	id := fmt.Sprintf("term-%d", ts.n)
	ts.run[id] = t
	ts.created = append(ts.created, p)
	ts.mu.Unlock()
	ts.started <- id
	return sdk.CreateTerminalResponse{TerminalId: id}, nil
}

func (ts *terminals) get(id string) (*editorTerm, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.run[id]
	if t == nil {
		return nil, sdk.NewInvalidParams(map[string]any{"error": "no terminal " + id})
	}
	return t, nil
}

func (ts *terminals) wait(ctx context.Context, id string) (sdk.WaitForTerminalExitResponse, error) {
	t, err := ts.get(id)
	if err != nil {
		return sdk.WaitForTerminalExitResponse{}, err
	}
	select {
	case <-t.done:
	case <-ctx.Done(): // the agent withdrew the request
		return sdk.WaitForTerminalExitResponse{}, ctx.Err()
	}
	code := t.cmd.ProcessState.ExitCode()
	return sdk.WaitForTerminalExitResponse{ExitCode: &code}, nil
}

func (ts *terminals) output(id string) (sdk.TerminalOutputResponse, error) {
	t, err := ts.get(id)
	if err != nil {
		return sdk.TerminalOutputResponse{}, err
	}
	return sdk.TerminalOutputResponse{Output: t.out.String()}, nil
}

func (ts *terminals) kill(id string) error {
	t, err := ts.get(id)
	if err != nil {
		return err
	}
	ts.mu.Lock()
	ts.killed = append(ts.killed, id)
	ts.mu.Unlock()
	if err := t.cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	<-t.done
	return nil
}

func (ts *terminals) release(id string) error {
	t, err := ts.get(id)
	if err != nil {
		return err
	}
	_ = t.cmd.Process.Kill()
	<-t.done
	ts.mu.Lock()
	delete(ts.run, id)
	ts.mu.Unlock()
	return nil
}

// An approved command runs in the editor's terminal, shown in the tool
// call, its output and exit code in the result; a command judged
// read-only and run unasked stays in Hearth's sandbox.
func TestACPApprovedCommandsRunInTheEditorsTerminal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the scripted commands are bash's")
	}
	llm := newLLMServer(t,
		toolReply("s1", "shell", `{"command":"echo made > made.txt && echo in-the-terminal && exit 3"}`),
		toolReply("s2", "shell", `{"command":"ls"}`),
		textReply("Ran them."))
	ws := t.TempDir()
	ed := &editor{answer: "allow_once", terminals: newTerminals()}
	conn, stop := startACP(t, ed, map[string]string{"OPENAI_API_KEY": "sk-not-for-children"},
		"--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m", "--approve", "never")
	promptText(t, conn, openSession(t, conn, ed, ws), "run it")
	stopACP(t, stop)

	ts := ed.terminals
	ts.mu.Lock()
	created := ts.created
	ts.mu.Unlock()
	if len(created) != 1 || created[0].Cwd == nil || *created[0].Cwd != ws || !strings.Contains(strings.Join(created[0].Args, " "), "in-the-terminal") {
		t.Fatalf("terminals created: %+v; want one, for the approved command, in the project", created)
	}
	if b, err := os.ReadFile(filepath.Join(ws, "made.txt")); err != nil || string(b) != "made\n" {
		t.Errorf("made.txt = %q, %v", b, err)
	}
	llm.mu.Lock()
	sent, _ := json.Marshal(llm.bodies[1]["messages"])
	llm.mu.Unlock()
	for _, want := range []string{"exit code: 3", "in-the-terminal"} {
		if !strings.Contains(string(sent), want) {
			t.Errorf("the model was not told %q: %s", want, sent)
		}
	}
	ed.mu.Lock()
	defer ed.mu.Unlock()
	if len(ed.asked) != 1 || ed.asked[0].ToolCall.ToolCallId != "s1" {
		t.Errorf("asked %+v; want s1 only (ls is read-only)", ed.asked)
	}
	shown := false
	for _, n := range ed.updates {
		if u := n.Update.ToolCallUpdate; u != nil && u.ToolCallId == "s1" {
			for _, c := range u.Content {
				shown = shown || (c.Terminal != nil && c.Terminal.TerminalId == "term-1")
			}
		}
	}
	if !shown {
		t.Error("the s1 tool call never showed its terminal")
	}
}

// session/cancel kills the command running in the editor's terminal.
func TestACPCancelKillsTheTerminal(t *testing.T) {
	llm := newLLMServer(t, toolReply("s1", "shell", `{"command":"sleep 300; echo late > late.txt"}`))
	ed := &editor{terminals: newTerminals()}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m", "--approve", "all")
	id := openSession(t, conn, ed, t.TempDir())
	done := make(chan sdk.StopReason, 1)
	go func() {
		res, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: id, Prompt: []sdk.ContentBlock{sdk.TextBlock("wait")}})
		if err != nil {
			t.Error(err)
		}
		done <- res.StopReason
	}()
	var term string
	select {
	case term = <-ed.terminals.started:
	case r := <-done:
		t.Fatalf("the turn ended (%s) without the command reaching the editor's terminal", r)
	}
	if err := conn.Cancel(t.Context(), sdk.CancelNotification{SessionId: id}); err != nil {
		t.Fatal(err)
	}
	if got := <-done; got != sdk.StopReasonCancelled {
		t.Errorf("stopReason = %q, want cancelled", got)
	}
	ts := ed.terminals
	// The call winds down (kill, output, release) after the turn answered.
	eventually.True(t, "the terminal is released", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		return len(ts.run) == 0
	})
	stopACP(t, stop)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.killed) != 1 || ts.killed[0] != term {
		t.Errorf("killed %v, want %s", ts.killed, term)
	}
}
