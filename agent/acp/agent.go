package acp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/session"
)

// Config is what the agent serves from; the command line fills it.
type Config struct {
	// Open opens cwd as a project whose conversations ask a person (not
	// headless), with the editor's MCP servers added to the person's.
	Open func(ctx context.Context, cwd string, servers []mcp.Entry) (*project.Project, error)
	// Sessions stores conversations; nil (or a nil result) runs unsaved
	// and session/load is refused.
	Sessions func() *session.Store
	// Provider and Model are recorded on a new stored session.
	Provider, Model string
	// NeedsKey says the provider has no key yet: initialize then offers
	// the way to set one as an authentication method.
	NeedsKey func(ctx context.Context) bool
	Version  string
	Logf     func(format string, args ...any)
}

// client is what the agent asks of the editor's side of the connection.
type client interface {
	SessionUpdate(ctx context.Context, n sdk.SessionNotification) error
	RequestPermission(ctx context.Context, r sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error)
	ReadTextFile(ctx context.Context, r sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error)
	WriteTextFile(ctx context.Context, r sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error)
	CreateTerminal(ctx context.Context, r sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error)
	WaitForTerminalExit(ctx context.Context, r sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error)
	TerminalOutput(ctx context.Context, r sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error)
	KillTerminal(ctx context.Context, r sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error)
	ReleaseTerminal(ctx context.Context, r sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error)
}

// Agent is Hearth as an ACP agent: one editor connection, its sessions
// each a conversation in a project of its own.
type Agent struct {
	cfg Config
	// conn is the editor's side, set once Serve has made the connection;
	// ready is closed then (a request can arrive before that).
	conn  client
	ready chan struct{}

	mu       sync.Mutex
	sessions map[sdk.SessionId]*live
	// caps are what the editor offered at initialize.
	caps sdk.ClientCapabilities
}

var (
	_ sdk.Agent       = (*Agent)(nil)
	_ sdk.AgentLoader = (*Agent)(nil)
)

// New is an agent not yet connected (Serve connects it).
func New(cfg Config) *Agent {
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	return &Agent{cfg: cfg, sessions: map[sdk.SessionId]*live{}, ready: make(chan struct{})}
}

// client is the editor's side of the connection, once there is one.
func (a *Agent) client() client {
	<-a.ready
	return a.conn
}

// Serve speaks ACP on r and w until the editor closes the connection or
// ctx ends, then closes every session's project. It is called once.
func (a *Agent) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	// The SDK starts reading as soon as the connection exists and its
	// logger has no lock, so nothing is read until the logger is set.
	gate := &gatedReader{r: r, open: make(chan struct{})}
	conn := sdk.NewAgentSideConnection(a, w, gate)
	// The connection's own notes (a peer that left) are not news; its
	// warnings and errors go to the log.
	conn.SetLogger(slog.New(slog.NewTextHandler(logWriter(a.cfg.Logf), &slog.HandlerOptions{Level: slog.LevelWarn})))
	a.conn = conn
	close(gate.open)
	close(a.ready)
	select {
	case <-conn.Done():
	case <-ctx.Done():
	}
	a.closeAll()
	return nil
}

// authMethod is how an editor is told to set a provider key.
const authMethod = "hearth-keys"

func (a *Agent) Initialize(ctx context.Context, p sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	a.mu.Lock()
	a.caps = p.ClientCapabilities
	a.mu.Unlock()
	res := sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		AgentInfo:       &sdk.Implementation{Name: "hearth", Title: sdk.Ptr("Hearth"), Version: a.cfg.Version},
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession:        true,
			PromptCapabilities: sdk.PromptCapabilities{Image: true, EmbeddedContext: true},
			McpCapabilities:    sdk.McpCapabilities{Http: true, Sse: true},
		},
		AuthMethods: []sdk.AuthMethod{},
	}
	if a.cfg.NeedsKey != nil && a.cfg.NeedsKey(ctx) {
		res.AuthMethods = append(res.AuthMethods, sdk.AuthMethod{Agent: &sdk.AuthMethodAgent{Id: authMethod,
			Name:        "Set a provider key",
			Description: sdk.Ptr("Run `hearth keys set <provider>` in a terminal (or set the key in Hearth's settings), then try again.")}})
	}
	return res, nil
}

func (a *Agent) Authenticate(ctx context.Context, p sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	if a.cfg.NeedsKey != nil && a.cfg.NeedsKey(ctx) {
		return sdk.AuthenticateResponse{}, sdk.NewAuthRequired(map[string]any{
			"message": "no key is set for the provider: run `hearth keys set <provider>` first"})
	}
	return sdk.AuthenticateResponse{}, nil
}

func (a *Agent) NewSession(ctx context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	s, err := a.open(ctx, p.Cwd, p.McpServers)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	id := sdk.SessionId("unsaved-" + randomID())
	if store := a.store(); store != nil {
		// The session is stored now, so the editor's id is Hearth's and
		// session/load finds it after a restart.
		sess, err := store.Create(ctx, session.NewSession{Workspace: s.proj.Dir(), Provider: a.cfg.Provider, Model: a.cfg.Model})
		if err == nil {
			if err = s.conv.Adopt(sess.ID); err != nil {
				_ = store.Delete(ctx, sess.ID)
			}
		}
		if err != nil {
			s.end()
			return sdk.NewSessionResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
		}
		id = sdk.SessionId(sess.ID)
	}
	a.add(id, s)
	// The request's context ends once its response is written (the SDK
	// cancels it then): the editor knows the session the commands are for.
	go func() {
		<-ctx.Done()
		s.sendCommands(context.WithoutCancel(ctx))
	}()
	return sdk.NewSessionResponse{SessionId: id}, nil
}

func (a *Agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	store := a.store()
	if store == nil {
		return sdk.LoadSessionResponse{}, sdk.NewInternalError(map[string]any{"error": "this agent keeps no sessions"})
	}
	t, err := store.Load(ctx, string(p.SessionId))
	if errors.Is(err, session.ErrNotFound) {
		return sdk.LoadSessionResponse{}, sdk.NewInvalidParams(map[string]any{"error": "no session " + string(p.SessionId)})
	}
	if err != nil {
		return sdk.LoadSessionResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	if a.get(p.SessionId) != nil {
		return sdk.LoadSessionResponse{}, sdk.NewInvalidParams(map[string]any{"error": "session " + string(p.SessionId) + " is already open"})
	}
	s, err := a.open(ctx, p.Cwd, p.McpServers)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	if t.Session.Workspace != s.proj.Dir() {
		s.end()
		return sdk.LoadSessionResponse{}, sdk.NewInvalidParams(map[string]any{"error": "session " + string(p.SessionId) + " belongs to " + t.Session.Workspace})
	}
	if err := s.conv.Resume(t); err != nil {
		s.end()
		return sdk.LoadSessionResponse{}, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	s.id = p.SessionId
	// The replay is sent before the response, as the protocol asks.
	for _, u := range Replay(t, s.proj.Dir()) {
		s.send(ctx, u)
	}
	a.add(p.SessionId, s)
	s.sendCommands(ctx)
	return sdk.LoadSessionResponse{}, nil
}

func (a *Agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	s := a.get(p.SessionId)
	if s == nil {
		return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": "no session " + string(p.SessionId)})
	}
	in, err := PromptInput(p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": err.Error()})
	}
	return s.prompt(ctx, in)
}

// Cancel stops the session's turn; the SDK has already cancelled the
// prompt's context, which stops the turn and its permission requests.
func (a *Agent) Cancel(ctx context.Context, p sdk.CancelNotification) error {
	if s := a.get(p.SessionId); s != nil {
		s.conv.Stop()
	}
	return nil
}

func (a *Agent) CloseSession(ctx context.Context, p sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	a.mu.Lock()
	s := a.sessions[p.SessionId]
	delete(a.sessions, p.SessionId)
	a.mu.Unlock()
	if s != nil {
		a.close(s)
	}
	return sdk.CloseSessionResponse{}, nil
}

func (a *Agent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

func (a *Agent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

func (a *Agent) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetConfigOption)
}

func (a *Agent) SetSessionMode(context.Context, sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	return sdk.SetSessionModeResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetMode)
}

// open opens cwd as the project of a new session.
func (a *Agent) open(ctx context.Context, cwd string, servers []sdk.McpServer) (*live, error) {
	entries, err := MCPEntries(servers)
	if err != nil {
		return nil, sdk.NewInvalidParams(map[string]any{"error": err.Error()})
	}
	proj, err := a.cfg.Open(ctx, cwd, entries)
	var de *project.DirError
	if errors.As(err, &de) {
		return nil, sdk.NewInvalidParams(map[string]any{"error": "cwd: " + de.Reason})
	}
	if err != nil {
		return nil, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	s := &live{a: a, proj: proj, tr: Translator{Dir: proj.Dir()}}
	s.files, err = a.editorFiles(s)
	if s.files != nil && s.files.read {
		s.tr.ReadFile = s.files.oldText
	}
	if err == nil {
		s.conv, err = proj.NewEditorConversation(s, conversation.Editor{Files: s.files.access(), Terminal: a.terminal(s)})
	}
	if err != nil {
		s.end()
		return nil, sdk.NewInternalError(map[string]any{"error": err.Error()})
	}
	return s, nil
}

func (a *Agent) store() *session.Store {
	if a.cfg.Sessions == nil {
		return nil
	}
	return a.cfg.Sessions()
}

func (a *Agent) add(id sdk.SessionId, s *live) {
	s.id = id
	a.mu.Lock()
	defer a.mu.Unlock()
	a.sessions[id] = s
}

func (a *Agent) get(id sdk.SessionId) *live {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sessions[id]
}

func (a *Agent) closeAll() {
	a.mu.Lock()
	all := a.sessions
	a.sessions = map[sdk.SessionId]*live{}
	a.mu.Unlock()
	for _, s := range all {
		a.close(s)
	}
}

// close ends a session's project; a stored session the editor opened
// but never prompted is deleted, so it does not linger in the sidebar.
func (a *Agent) close(s *live) {
	s.end()
	store := a.store()
	if store == nil || s.prompted() {
		return
	}
	ctx := context.Background()
	if t, err := store.Load(ctx, string(s.id)); err == nil && len(t.Messages) == 0 {
		_ = store.Delete(ctx, string(s.id))
	}
}

func (l logWriter) Write(p []byte) (int, error) {
	l("hearth acp: %s", strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func randomID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// gatedReader holds every Read until open is closed.
type gatedReader struct {
	r    io.Reader
	open chan struct{}
}

func (g *gatedReader) Read(p []byte) (int, error) {
	<-g.open
	return g.r.Read(p)
}
