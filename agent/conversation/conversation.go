package conversation

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/knowledge"
)

// Sink receives what a conversation reports: its turns' events, in order,
// and notices that do not belong to a turn.
type Sink interface {
	Emit(Event)
	// Notice reports a problem that does not stop the conversation (a
	// turn that is not saved, a snapshot that failed).
	Notice(error)
	// SessionsChanged says the stored conversations changed (one created,
	// branched or named).
	SessionsChanged()
}

// Config is what a conversation is built from. Funcs are asked each time,
// so a store that opens late or a setting that changes is seen at the next
// turn.
type Config struct {
	Settings func() settings.Settings
	// Update changes the person's settings (an approval's "always", a
	// confirmed check command); nil keeps every such answer to the
	// conversation.
	Update func(func(*settings.Settings) error) (settings.Settings, error)
	Keys   assembly.KeyResolver
	Getenv func(string) string
	// Sessions stores conversations; nil (or a nil result) runs unsaved.
	Sessions func() *session.Store
	// Undo keeps per-turn file snapshots; nil disables undo.
	Undo *undo.Store
	// Editor is what an editor lends the turns' tools (ACP); zero is
	// the disk and Hearth's own shell.
	Editor Editor
	// Trust judges what the workspace brings (hooks, commands, skills,
	// agents, permission rules); nil trusts nothing of it.
	Trust func() trust.Judge
	// Index is the workspace's knowledge index, or nil.
	Index func() *knowledge.Index
	// MCP runs the workspace's MCP servers, whose tools each turn offers;
	// nil offers none.
	MCP func() *mcp.Manager
	// Languages are the language servers for a turn working in a folder,
	// reporting what each edit broke; nil (or a nil result) has none.
	Languages func(ws string) tools.Diagnoser
	// Home is the user's home, holding user commands, skills and hooks;
	// "" loads none (tests, a system without a home).
	Home string
	// Origin is the folder the conversation's worktree was made from (""
	// for none): a check the person confirmed there is confirmed in the
	// tree, and one confirmed in the tree is kept for the folder.
	Origin string
	// Agent overrides the settings' provider and model (the CLI's flags);
	// zero fields keep the settings' choice.
	Agent AgentChoice
	// Approve overrides the settings' approval mode when set.
	Approve tools.ApproveMode
	// HTTP carries the model calls of every turn; nil is one client of the
	// conversation's own, so its turns reuse their connections.
	HTTP *http.Client
	// Cache keeps what building a turn's agent computes alike turn after
	// turn (assembly.Cache); nil is one of the conversation's own.
	Cache *assembly.Cache
	// Headless is a run no person watches (the CLI): nothing is asked (the
	// approval mode alone decides), the model is not asked for a title, a
	// turn that cannot be recorded fails, and a recording that fails
	// mid-turn is reported once (a *SaveError) and stops.
	Headless bool
	// Web is how turns reach the web (web_fetch, web_search).
	Web WebAccess
	// Slots bound the turns running at once with other conversations' (a
	// project's); nil bounds nothing.
	Slots Slots
}

// Editor is what an editor lends a conversation: its buffers, which the
// file tools and undo read and write (nil: the disk), and its terminal,
// where approved shell commands run (nil: as Hearth's own children).
type Editor struct {
	Files    tools.FileAccess
	Terminal tools.Terminal
}

// AgentChoice names the provider and model a turn's agent is built with.
type AgentChoice struct {
	ProviderID, BaseURL, Model string
	MaxIterations              int
	// ClientTools, ToolChoice, Temperature and MaxTokens are an API
	// request's own (assembly.Spec).
	ClientTools []llm.ToolDef
	ToolChoice  llm.ToolChoice
	Temperature *float64
	MaxTokens   int
}

// InputError is a request the conversation refuses as it stands (a turn
// is running, the turn is gone); Field names what was wrong.
type InputError struct {
	Field, Reason string
}

func (e *InputError) Error() string { return e.Field + ": " + e.Reason }

func inputf(field, reason string) error { return &InputError{Field: field, Reason: reason} }

// Conversation is one workspace's chat: its history, one running turn at
// a time, prompts queued behind it, approvals pending and the stored
// session it is saved to.
type Conversation struct {
	cfg  Config
	sink Sink

	mu        sync.Mutex
	workspace string
	// checksOK are proposed check commands confirmed in this conversation
	// (folder + "\x00" + command).
	checksOK map[string]bool
	history  []llm.Message
	running  bool
	// idle is closed when running turns false (startTurns makes it).
	idle chan struct{}
	// active is the turn whose tools may still change files ("" once its
	// done event is out), so Undo can run right after a turn ends.
	active string
	cancel context.CancelFunc
	stream *turnStream
	// live is the turn that stream belongs to, so a hook run while it waits
	// (Notification) is recorded with it.
	live   *Turn
	queue  []queuedTurn
	paused bool // Stop paused the queue: its prompts wait for Resume
	broker *permission.Broker
	todos  *tools.TodoList
	tools  *tools.State // reads and session grants, kept across turns
	choice Choice       // the composer's provider, model, effort and mode
	// sessionID is the stored conversation turns are saved to; "" until
	// the first message of a new chat.
	sessionID string
	turns     []turnMark        // the conversation's turns, oldest first
	decisions map[string]string // approval request id → the user's choice, until announced
	storedTo  int64             // id of the last message stored in sessionID
	// startSource is the SessionStart source the next turn fires: resume,
	// clear or compact; "" fires startup on a conversation's first turn.
	startSource string
	// noticed are the build notices already shown (an instruction file
	// refused), so a notice that holds every turn is shown once.
	noticed map[string]bool
	pending []llm.ToolCall // client tool calls the last turn ended on
	plan    string         // see PendingPlan
	// todosUnsent: the todo list changed while no turn ran (an approved
	// plan), so the next turn starts by sending it.
	todosUnsent bool
	// todoMarks are each turn's todo list as it began and as it left it
	// (a reopened turn's from its stored todo calls), so undo and redo move
	// the list with the files.
	todoMarks map[string]*todoMark
	elicits   elicitations // MCP servers' questions waiting for the person
	// procs are the chat's background processes, ended with it (and with
	// every change of chat, as its grants are).
	procs  *process.Table
	closed bool
}

type queuedTurn struct {
	id, prompt string
	files      []File
}

// New builds a conversation with no workspace open.
func New(cfg Config, sink Sink) *Conversation {
	if cfg.HTTP == nil {
		cfg.HTTP = llm.NewHTTPClient()
	}
	if cfg.Cache == nil {
		cfg.Cache = assembly.NewCache()
	}
	return &Conversation{cfg: cfg, sink: sink}
}

// Open makes ws (absolute) the workspace and starts afresh; it fails while
// a turn runs.
func (c *Conversation) Open(ws string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return inputf("workspace", "stop the running turn before switching folders")
	}
	c.workspace, c.history, c.queue, c.sessionID, c.turns, c.storedTo = ws, nil, nil, "", nil, 0
	c.paused = false
	c.freshToolsLocked()
	c.broker = permission.NewBroker(c.publishApproval, c.approvalResolved)
	return nil
}

// freshToolsLocked gives the conversation tools state of its own: no file
// seen, no "allow for this session" grant, an empty checklist, no plan
// waiting. Every change of conversation calls it, so a grant (or a plan)
// never outlives the chat it was made in.
func (c *Conversation) freshToolsLocked() {
	c.todos, c.tools, c.todosUnsent, c.plan, c.todoMarks = &tools.TodoList{}, tools.NewState(), false, "", nil
	c.watchTodosLocked()
	c.freshProcessesLocked()
}

// Workspace is the open workspace, "" when none is.
func (c *Conversation) Workspace() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.workspace
}

// Running says whether a turn is running (or queued prompts wait).
func (c *Conversation) Running() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.running
}

// Idle is closed once no turn runs (at once when none does), so a closing
// window can wait for a stopped turn to be saved.
func (c *Conversation) Idle() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.running {
		done := make(chan struct{})
		close(done)
		return done
	}
	return c.idle
}

// SessionID is the stored session the conversation is saved to, "" until
// its first turn is stored.
func (c *Conversation) SessionID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessionID
}

// Send starts a turn with prompt and returns its id, or queues the prompt
// behind the running turn (queued true).
func (c *Conversation) Send(prompt string) (turnID string, queued bool, err error) {
	return c.SendWith(prompt, nil)
}

// SendWith is Send with attached files (images, PDFs, text files), made
// ready for the model's provider when the turn runs.
func (c *Conversation) SendWith(prompt string, files []File) (turnID string, queued bool, err error) {
	if err := checkFiles(files); err != nil {
		return "", false, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.workspace == "" {
		return "", false, inputf("workspace", "open a folder first")
	}
	id := newTurnID()
	q := queuedTurn{id: id, prompt: prompt, files: files}
	if c.running {
		c.queue = append(c.queue, q)
		return id, true, nil
	}
	c.startTurns(q)
	return id, false, nil
}

// Stop cancels the running turn and pauses the prompts queued behind it:
// they stay queued until Resume (or RemoveQueued drops them).
func (c *Conversation) Stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
	if len(c.queue) > 0 {
		c.paused = true
	}
}

// Approve answers a pending approval request: allow_once, allow_session,
// allow_server (an MCP tool's whole server for the session),
// allow_domain_always (a web_fetch host, saved to the person's settings) or
// deny (with an optional note the model sees).
func (c *Conversation) Approve(requestID, decision, note string) error {
	c.mu.Lock()
	broker := c.broker
	if broker == nil {
		c.mu.Unlock()
		return inputf("approval", "no workspace is open")
	}
	if c.decisions == nil {
		c.decisions = map[string]string{}
	}
	d := permission.Decision{Choice: permission.Choice(decision), Note: note}
	if decision == AllowServer {
		pattern, err := serverPattern(broker, requestID)
		if err != nil {
			c.mu.Unlock()
			return err
		}
		d = permission.Decision{Choice: permission.AllowSession, Pattern: pattern}
		decision = string(permission.AllowSession)
	}
	if decision == AllowDomainAlways {
		// Saving settings may notify whoever watches them: not under c.mu.
		c.mu.Unlock()
		var err error
		if d, err = c.rememberDomain(broker, requestID); err != nil {
			return err
		}
		decision = string(permission.AllowSession)
		c.mu.Lock()
	}
	c.decisions[requestID] = decision
	c.mu.Unlock()
	err := broker.Respond(requestID, d)
	if err != nil {
		c.mu.Lock()
		delete(c.decisions, requestID)
		c.mu.Unlock()
	}
	if errors.Is(err, permission.ErrUnknownRequest) {
		return inputf("approval", "this request was already answered or cancelled")
	}
	return err
}

// Clear starts a fresh conversation in the same workspace.
func (c *Conversation) Clear() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return inputf("session", "stop the running turn first")
	}
	c.sessionID, c.history, c.turns, c.storedTo = "", nil, nil, 0
	c.queue, c.paused = nil, false
	c.freshToolsLocked()
	return nil
}

// Forget drops the link to stored session id (it was deleted): later
// messages start a new one.
func (c *Conversation) Forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessionID == id {
		c.sessionID, c.history, c.turns, c.storedTo = "", nil, nil, 0
		c.freshToolsLocked()
	}
}

// approveMode maps the Settings approval mode onto the tools' modes.
func approveMode(m string) tools.ApproveMode {
	switch m {
	case "edits":
		return tools.ApproveEdits
	case "auto":
		return tools.ApproveAll
	default:
		return tools.ApproveNever
	}
}

func (c *Conversation) sessions() *session.Store {
	if c.cfg.Sessions == nil {
		return nil
	}
	return c.cfg.Sessions()
}

func newTurnID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "t" + hex.EncodeToString(b)
}
