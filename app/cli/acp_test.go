package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
)

func TestACPUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"approve", []string{"--approve", "sometimes"}, "--approve must be never, edits or all"},
		{"base url", []string{"--provider", "openai-compatible"}, "needs --base-url"},
		{"argument", []string{"extra"}, "unexpected argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var errb bytes.Buffer
			env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb, Getenv: func(string) string { return "" }}
			if code := Run(t.Context(), env, append([]string{"acp"}, tc.args...)); code != ExitUsage || !strings.Contains(errb.String(), tc.want) {
				t.Fatalf("exit %d, stderr %q; want %d saying %q", code, errb.String(), ExitUsage, tc.want)
			}
		})
	}
}

// editor is the client side of an ACP connection, as an editor would be:
// it records updates and answers permission requests with answer.
type editor struct {
	answer string
	// hold, when set, keeps a permission request unanswered until the
	// request is cancelled, after saying so on asking.
	hold   bool
	asking chan struct{}

	// buffers, when set, are the editor's open files by absolute path:
	// it offers fs/read_text_file (a buffer, else the disk) and
	// fs/write_text_file (into a buffer, never the disk).
	buffers map[string]string
	// terminals, when set, runs terminal/* commands as real processes.
	terminals *terminals

	mu      sync.Mutex
	asked   []sdk.RequestPermissionRequest
	updates []sdk.SessionNotification
	reads   []string
	writes  []sdk.WriteTextFileRequest
}

func (e *editor) RequestPermission(ctx context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	e.mu.Lock()
	e.asked = append(e.asked, p)
	e.mu.Unlock()
	if e.hold {
		close(e.asking)
		<-ctx.Done() // the agent withdrew the request
		return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeCancelled()}, nil
	}
	return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeSelected(sdk.PermissionOptionId(e.answer))}, nil
}

func (e *editor) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.updates = append(e.updates, n)
	return nil
}

func (e *editor) ReadTextFile(_ context.Context, p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.buffers == nil {
		return sdk.ReadTextFileResponse{}, sdk.NewMethodNotFound("fs/read_text_file")
	}
	e.reads = append(e.reads, p.Path)
	if text, ok := e.buffers[p.Path]; ok {
		return sdk.ReadTextFileResponse{Content: text}, nil
	}
	b, err := os.ReadFile(p.Path)
	if err != nil {
		return sdk.ReadTextFileResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	return sdk.ReadTextFileResponse{Content: string(b)}, nil
}

// WriteTextFile changes the buffer only: an editor saves when the person
// says so.
func (e *editor) WriteTextFile(_ context.Context, p sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.buffers == nil {
		return sdk.WriteTextFileResponse{}, sdk.NewMethodNotFound("fs/write_text_file")
	}
	e.writes = append(e.writes, p)
	e.buffers[p.Path] = p.Content
	return sdk.WriteTextFileResponse{}, nil
}

// capabilities are what the editor offers at initialize.
func (e *editor) capabilities() sdk.ClientCapabilities {
	return sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: e.buffers != nil, WriteTextFile: e.buffers != nil},
		Terminal: e.terminals != nil}
}

func (e *editor) CreateTerminal(_ context.Context, p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	if e.terminals == nil {
		return sdk.CreateTerminalResponse{}, sdk.NewMethodNotFound("terminal/create")
	}
	return e.terminals.create(p)
}
func (e *editor) KillTerminal(_ context.Context, p sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	if e.terminals == nil {
		return sdk.KillTerminalResponse{}, sdk.NewMethodNotFound("terminal/kill")
	}
	return sdk.KillTerminalResponse{}, e.terminals.kill(p.TerminalId)
}
func (e *editor) TerminalOutput(_ context.Context, p sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	if e.terminals == nil {
		return sdk.TerminalOutputResponse{}, sdk.NewMethodNotFound("terminal/output")
	}
	return e.terminals.output(p.TerminalId)
}
func (e *editor) ReleaseTerminal(_ context.Context, p sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	if e.terminals == nil {
		return sdk.ReleaseTerminalResponse{}, sdk.NewMethodNotFound("terminal/release")
	}
	return sdk.ReleaseTerminalResponse{}, e.terminals.release(p.TerminalId)
}
func (e *editor) WaitForTerminalExit(ctx context.Context, p sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	if e.terminals == nil {
		return sdk.WaitForTerminalExitResponse{}, sdk.NewMethodNotFound("terminal/wait_for_exit")
	}
	return e.terminals.wait(ctx, p.TerminalId)
}

// startACP runs `hearth acp args` in-process and connects ed to it; the
// returned func ends the connection and gives the exit code.
func startACP(t *testing.T, ed *editor, vars map[string]string, args ...string) (*sdk.ClientSideConnection, func() int) {
	t.Helper()
	cfg, data := t.TempDir(), vars["HEARTH_DATA_DIR"]
	if data == "" {
		data = t.TempDir()
	}
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return data
		}
		return vars[k]
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	env := &Env{Stdin: inR, Stdout: outW, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "test"}
	code := make(chan int, 1)
	go func() {
		code <- Run(context.WithoutCancel(t.Context()), env, append([]string{"acp"}, args...))
		outW.Close()
	}()
	conn := sdk.NewClientSideConnection(ed, inW, outR)
	return conn, func() int {
		inW.Close()
		c := <-code
		if c != ExitOK {
			t.Logf("stderr: %s", errb.String())
		}
		return c
	}
}

// openSession initializes the connection as ed and opens a session in ws.
func openSession(t *testing.T, conn *sdk.ClientSideConnection, ed *editor, ws string) sdk.SessionId {
	t.Helper()
	if _, err := conn.Initialize(t.Context(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber, ClientCapabilities: ed.capabilities()}); err != nil {
		t.Fatal(err)
	}
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: ws, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	return s.SessionId
}

// promptText sends text as a prompt and wants the turn to end.
func promptText(t *testing.T, conn *sdk.ClientSideConnection, id sdk.SessionId, text string) {
	t.Helper()
	res, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: id, Prompt: []sdk.ContentBlock{sdk.TextBlock(text)}})
	if err != nil || res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt %q = %+v, %v; want end_turn", text, res, err)
	}
}

// stopACP ends the connection and wants a clean exit.
func stopACP(t *testing.T, stop func() int) {
	t.Helper()
	if code := stop(); code != ExitOK {
		t.Fatalf("hearth acp exited %d", code)
	}
}

// An "allow always" answer is Hearth's grant for the session: the second
// write of the turn runs without asking again.
func TestACPAllowAlwaysIsTheSessionGrant(t *testing.T) {
	llm := newLLMServer(t,
		toolReply("w1", "write_file", `{"path":"a.txt","content":"one\n"}`),
		toolReply("w2", "write_file", `{"path":"a.txt","content":"two\n"}`),
		textReply("Both written."))
	ws := t.TempDir()
	ed := &editor{answer: "allow_session"}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m", "--approve", "never")
	promptText(t, conn, openSession(t, conn, ed, ws), "write twice")
	if b, err := os.ReadFile(filepath.Join(ws, "a.txt")); err != nil || string(b) != "two\n" {
		t.Errorf("a.txt = %q, %v; want the second write's text", b, err)
	}
	stopACP(t, stop)
	ed.mu.Lock()
	defer ed.mu.Unlock()
	if len(ed.asked) != 1 || ed.asked[0].ToolCall.ToolCallId != "w1" {
		t.Fatalf("asked %d times (%+v), want once, for w1", len(ed.asked), ed.asked)
	}
	completed := map[sdk.ToolCallId]bool{}
	for _, n := range ed.updates {
		if u := n.Update.ToolCallUpdate; u != nil && u.Status != nil && *u.Status == sdk.ToolCallStatusCompleted {
			completed[u.ToolCallId] = true
		}
	}
	if !completed["w1"] || !completed["w2"] {
		t.Errorf("completed calls = %v, want w1 and w2", completed)
	}
}

// Without a key the provider needs, initialize offers the way to set one.
func TestACPNoKeyOffersAuthentication(t *testing.T) {
	conn, stop := startACP(t, &editor{}, nil, "--provider", "openai", "--model", "gpt-x")
	res, err := conn.Initialize(t.Context(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.AuthMethods) != 1 || res.AuthMethods[0].Agent == nil || res.AuthMethods[0].Agent.Id != "hearth-keys" {
		t.Fatalf("authMethods = %+v, want hearth-keys", res.AuthMethods)
	}
	if _, err := conn.Authenticate(t.Context(), sdk.AuthenticateRequest{MethodId: "hearth-keys"}); err == nil {
		t.Error("authenticate succeeded with no key set")
	}
	stopACP(t, stop)
}

// A prompt's image goes to the model as an image, an embedded file as
// context after the text.
func TestACPPromptCarriesImagesAndResources(t *testing.T) {
	llm := newLLMServer(t, textReply("A small square."))
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	ed := &editor{}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "gpt-4o")
	res, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: openSession(t, conn, ed, t.TempDir()), Prompt: []sdk.ContentBlock{
		sdk.TextBlock("what is this?"),
		sdk.ImageBlock(base64.StdEncoding.EncodeToString(pic.Bytes()), "image/png"),
		sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{Uri: "file:///w/notes.md", Text: "square notes"}}),
	}})
	if err != nil || res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt = %+v, %v", res, err)
	}
	stopACP(t, stop)
	llm.mu.Lock()
	defer llm.mu.Unlock()
	body, _ := json.Marshal(llm.bodies[0]["messages"])
	for _, want := range []string{`"image_url"`, "data:image/png;base64,", "what is this?", "context ref=", "file:///w/notes.md", "square notes"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the model was not sent %s: %s", want, body)
		}
	}
}

// A session the editor opened and never prompted is not left behind.
func TestACPUnpromptedSessionIsNotKept(t *testing.T) {
	data := t.TempDir()
	ed := &editor{}
	conn, stop := startACP(t, ed, map[string]string{"HEARTH_DATA_DIR": data},
		"--provider", "openai-compatible", "--base-url", "http://127.0.0.1:9/v1", "--model", "m")
	id := openSession(t, conn, ed, t.TempDir())
	store, err := session.Open(t.Context(), filepath.Join(data, session.FileName), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.Get(t.Context(), string(id)); err != nil {
		t.Fatalf("the new session is not stored while open: %v", err)
	}
	stopACP(t, stop)
	list, err := store.List(t.Context(), session.ListOptions{})
	if err != nil || len(list) != 0 {
		t.Fatalf("sessions after the editor left = %+v, %v; want none", list, err)
	}
}

// session/cancel while the editor is asked stops the turn: the call does
// not run and the prompt answers cancelled.
func TestACPCancelWhileAsking(t *testing.T) {
	llm := newLLMServer(t, toolReply("w1", "write_file", `{"path":"a.txt","content":"one\n"}`))
	ws := t.TempDir()
	ed := &editor{hold: true, asking: make(chan struct{})}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m")
	ctx := t.Context()
	id := openSession(t, conn, ed, ws)
	type answer struct {
		res sdk.PromptResponse
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := conn.Prompt(ctx, sdk.PromptRequest{SessionId: id, Prompt: []sdk.ContentBlock{sdk.TextBlock("write")}})
		done <- answer{res, err}
	}()
	<-ed.asking
	if err := conn.Cancel(ctx, sdk.CancelNotification{SessionId: id}); err != nil {
		t.Fatal(err)
	}
	got := <-done
	if got.err != nil || got.res.StopReason != sdk.StopReasonCancelled {
		t.Fatalf("prompt = %+v, %v; want cancelled", got.res, got.err)
	}
	if _, err := os.Stat(filepath.Join(ws, "a.txt")); !os.IsNotExist(err) {
		t.Errorf("a.txt exists after the turn was cancelled while asking (%v)", err)
	}
	stopACP(t, stop)
}

// Built-in commands run in the editor too, and one that cannot run says
// why in words instead of failing the prompt.
func TestACPBuiltinCommands(t *testing.T) {
	ed := &editor{}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:9/v1", "--model", "m")
	id := openSession(t, conn, ed, t.TempDir())
	for _, cmd := range []string{"/help", "/undo"} {
		promptText(t, conn, id, cmd)
	}
	stopACP(t, stop)
	ed.mu.Lock()
	defer ed.mu.Unlock()
	var said []string
	for _, n := range ed.updates {
		if c := n.Update.AgentMessageChunk; c != nil && c.Content.Text != nil {
			said = append(said, c.Content.Text.Text)
		}
	}
	t.Logf("said %q", said)
	if len(said) != 2 || !strings.Contains(said[0], "/undo") || said[1] == "" {
		t.Fatalf("the commands said %q; want /help's list, then why /undo could not run", said)
	}
}
