package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// client is one running language server: its process, connection, open
// documents and the diagnostics it last published for each file.
type client struct {
	name string
	cmd  *exec.Cmd
	conn *jsonrpc2.Conn
	// exited is closed once the process has ended; err then says how.
	exited chan struct{}
	err    error
	stderr *tailBuffer

	mu    sync.Mutex
	docs  map[protocol.DocumentURI]*document
	diags map[protocol.DocumentURI]published
	// versioned is set once the server has said which document version a
	// publish is for, so a publish without one is not taken for a newer.
	versioned bool
	changed   chan struct{} // closed and replaced on every publish
}

type document struct {
	version int32
	text    string
	// sentSeq is the publish count when this version was sent: a publish
	// after it may be of this version.
	sentSeq uint64
}

type published struct {
	version uint32
	seq     uint64 // counts publishes, so a wait can ask for one newer
	list    []protocol.Diagnostic
}

// start runs the server and completes the initialize handshake.
func start(ctx context.Context, path string, prog Program, ws string, env []string) (*client, error) {
	cmd := exec.Command(path, prog.Args...)
	cmd.Dir, cmd.Env = ws, env
	cmd.WaitDelay = 2 * time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &client{name: prog.Name, cmd: cmd, exited: make(chan struct{}), stderr: &tailBuffer{max: 2048},
		docs: map[protocol.DocumentURI]*document{}, diags: map[protocol.DocumentURI]published{}, changed: make(chan struct{})}
	cmd.Stderr = c.stderr
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", prog.Name, err)
	}
	go func() {
		err := cmd.Wait()
		c.mu.Lock()
		c.err = err
		c.mu.Unlock()
		close(c.exited)
	}()
	stream := jsonrpc2.NewBufferedStream(pipe{stdout, stdin}, jsonrpc2.VSCodeObjectCodec{})
	c.conn = jsonrpc2.NewConn(context.Background(), stream, jsonrpc2.HandlerWithError(c.handle))
	var init any
	if prog.Init != nil {
		init = prog.Init(path)
	}
	if err := c.initialize(ctx, ws, init); err != nil {
		c.kill()
		return nil, fmt.Errorf("%s: initialize: %w%s", prog.Name, err, c.lastWords())
	}
	return c, nil
}

func (c *client) initialize(ctx context.Context, ws string, init any) error {
	root := uri.File(ws)
	params := protocol.InitializeParams{
		ProcessID:  int32(os.Getpid()),
		RootURI:    root,
		ClientInfo: &protocol.ClientInfo{Name: "hearth"},
		Capabilities: protocol.ClientCapabilities{
			TextDocument: &protocol.TextDocumentClientCapabilities{
				Synchronization:    &protocol.TextDocumentSyncClientCapabilities{DidSave: true},
				PublishDiagnostics: &protocol.PublishDiagnosticsClientCapabilities{VersionSupport: true},
				Hover:              &protocol.HoverTextDocumentClientCapabilities{ContentFormat: []protocol.MarkupKind{protocol.PlainText}},
				DocumentSymbol:     &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: true},
			},
			Workspace: &protocol.WorkspaceClientCapabilities{Configuration: true, WorkspaceFolders: true},
		},
		WorkspaceFolders:      []protocol.WorkspaceFolder{{URI: string(root), Name: ws}},
		InitializationOptions: init,
	}
	var res json.RawMessage
	if err := c.call(ctx, protocol.MethodInitialize, params, &res); err != nil {
		return err
	}
	return c.conn.Notify(ctx, protocol.MethodInitialized, struct{}{})
}

// call is a request that also ends when the server dies.
func (c *client) call(ctx context.Context, method string, params, result any) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-c.exited:
			cancel()
		case <-ctx.Done():
		}
	}()
	err := c.conn.Call(ctx, method, params, result)
	if err != nil && c.dead() {
		return fmt.Errorf("%s stopped: %s", c.name, c.exitReason())
	}
	return err
}

// handle answers what the server asks of the client.
func (c *client) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case protocol.MethodTextDocumentPublishDiagnostics:
		var p protocol.PublishDiagnosticsParams
		if req.Params == nil || json.Unmarshal(*req.Params, &p) != nil {
			return nil, nil
		}
		c.publish(p)
		return nil, nil
	case protocol.MethodWorkspaceConfiguration:
		var p protocol.ConfigurationParams
		if req.Params != nil {
			_ = json.Unmarshal(*req.Params, &p)
		}
		return make([]any, len(p.Items)), nil
	case protocol.MethodWorkDoneProgressCreate, protocol.MethodClientRegisterCapability,
		protocol.MethodClientUnregisterCapability, protocol.MethodWindowShowMessageRequest:
		return nil, nil
	case protocol.MethodWorkspaceWorkspaceFolders:
		return []protocol.WorkspaceFolder{}, nil
	}
	if req.Notif {
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "not supported by Hearth: " + req.Method}
}

func (c *client) publish(p protocol.PublishDiagnosticsParams) {
	c.mu.Lock()
	defer c.mu.Unlock()
	prev := c.diags[p.URI]
	if p.Version != 0 {
		c.versioned = true
	}
	c.diags[p.URI] = published{version: p.Version, seq: prev.seq + 1, list: p.Diagnostics}
	close(c.changed)
	c.changed = make(chan struct{})
}

// sync makes the server see text as the content of the file at u and
// returns its version and the publish count when that version was sent;
// ok is false when the server already had exactly that text.
func (c *client) sync(ctx context.Context, u protocol.DocumentURI, langID, text string) (version int32, seq uint64, ok bool, err error) {
	c.mu.Lock()
	d := c.docs[u]
	seq = c.diags[u].seq
	if d != nil && d.text == text {
		c.mu.Unlock()
		return d.version, d.sentSeq, false, nil
	}
	if d == nil {
		d = &document{}
		c.docs[u] = d
	}
	d.version++
	d.text, d.sentSeq = text, seq
	version, first := d.version, d.version == 1
	c.mu.Unlock()
	if first {
		err = c.conn.Notify(ctx, protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{
			TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: protocol.LanguageIdentifier(langID), Version: version, Text: text}})
	} else {
		// The whole text, without a range: go.lsp.dev's change event always
		// sends one, which would make this an insertion.
		type whole struct {
			Text string `json:"text"`
		}
		err = c.conn.Notify(ctx, protocol.MethodTextDocumentDidChange, struct {
			TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
			ContentChanges []whole                                  `json:"contentChanges"`
		}{protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version}, []whole{{text}}})
	}
	return version, seq, true, err
}

// settle is how long a server that sends no versions may go quiet after
// a publish before that publish is taken as its answer: such servers
// (typescript-language-server) publish in stages, and a late answer to
// an older text can come first.
const settle = 300 * time.Millisecond

// awaitDiagnostics waits, until ctx ends, for the server's diagnostics of
// u for version (or, from a server that sends no versions, the last of
// the publishes after seq once it settles); ok is false when none came.
func (c *client) awaitDiagnostics(ctx context.Context, u protocol.DocumentURI, version int32, seq uint64) ([]protocol.Diagnostic, bool) {
	var quiet <-chan time.Time
	var got []protocol.Diagnostic
	for {
		c.mu.Lock()
		p, have := c.diags[u]
		ch := c.changed
		versioned := c.versioned
		c.mu.Unlock()
		if have && p.seq > seq {
			switch {
			case versioned && (p.version == 0 || int32(p.version) >= version):
				return p.list, true
			case !versioned:
				got, seq = p.list, p.seq
				quiet = time.After(settle)
			}
		}
		select {
		case <-ch:
		case <-quiet:
			return got, true
		case <-ctx.Done():
			return got, quiet != nil
		case <-c.exited:
			return nil, false
		}
	}
}

// warm says whether the server has published anything yet.
func (c *client) warm() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.diags) > 0
}

// all is every file's last published diagnostics.
func (c *client) all() map[protocol.DocumentURI][]protocol.Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[protocol.DocumentURI][]protocol.Diagnostic, len(c.diags))
	for u, p := range c.diags {
		out[u] = p.list
	}
	return out
}

func (c *client) dead() bool {
	select {
	case <-c.exited:
		return true
	default:
		return false
	}
}

// exitReason says how the process ended, with its last line of stderr.
func (c *client) exitReason() string {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	why := "exited"
	if err != nil {
		why = err.Error()
	}
	return why + c.lastWords()
}

func (c *client) lastWords() string {
	s := strings.TrimSpace(c.stderr.String())
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// stop asks the server to shut down and exit, and ends it if it does not.
func (c *client) stop() {
	if !c.dead() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if c.call(ctx, protocol.MethodShutdown, nil, nil) == nil {
			_ = c.conn.Notify(ctx, protocol.MethodExit, nil)
		}
		cancel()
		select {
		case <-c.exited:
		case <-time.After(2 * time.Second):
		}
	}
	c.kill()
}

func (c *client) kill() {
	_ = c.conn.Close()
	if !c.dead() {
		killGroup(c.cmd)
	}
	<-c.exited
}

// pipe joins the server's stdout and stdin into one stream.
type pipe struct {
	io.ReadCloser
	w io.WriteCloser
}

func (p pipe) Write(b []byte) (int, error) { return p.w.Write(b) }

func (p pipe) Close() error { return errors.Join(p.ReadCloser.Close(), p.w.Close()) }

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if over := t.b.Len() - t.max; over > 0 {
		t.b.Next(over)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}
