package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/knowledge"
)

// WorkspaceView is the open project folder.
type WorkspaceView struct {
	Path string `json:"path"`
	Name string `json:"name"`
}

// SendResult identifies the turn a prompt starts (or waits for).
type SendResult struct {
	TurnID string `json:"turnId"`
	Queued bool   `json:"queued"`
}

// chat is the desktop conversation: one workspace, one history, one running
// turn at a time, and prompts queued behind it.
type chat struct {
	mu        sync.Mutex
	workspace string
	history   []llm.Message
	running   bool
	// active is the turn whose tools may still change files ("" once its
	// done event is out), so Undo can run right after a turn ends.
	active string
	cancel context.CancelFunc
	stream *turnStream
	queue  []queuedTurn
	broker *permission.Broker
	todos  *tools.TodoList
	tools  *tools.State // reads and session grants, kept across turns
	// sessionID is the stored conversation turns are saved to; "" until
	// the first message of a new chat.
	sessionID string
	turns     []turnMark        // the conversation's turns, oldest first
	decisions map[string]string // approval request id → the user's choice, until announced
	storedTo  int64             // id of the last message stored in sessionID
	index     *knowledge.Index
	// indexGen counts the indexes opened: an index's notices go out only
	// while it is the latest, so a replaced one closing in the background
	// does not report "closed" over its successor.
	indexGen atomic.Uint64
}

type queuedTurn struct{ id, prompt string }

// OpenWorkspace makes dir the project the agent works in. The conversation
// starts afresh.
func (a *App) OpenWorkspace(dir string) (WorkspaceView, error) {
	abs, err := filepath.Abs(dir)
	if err != nil || dir == "" {
		return WorkspaceView{}, invalidf("workspace", "not a folder path")
	}
	fi, err := os.Stat(abs)
	if err != nil || !fi.IsDir() {
		return WorkspaceView{}, invalidf("workspace", fmt.Sprintf("%s is not a folder", abs))
	}
	if abs == filepath.VolumeName(abs)+string(filepath.Separator) {
		return WorkspaceView{}, invalidf("workspace", "the file system root cannot be a workspace")
	}
	c := &a.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return WorkspaceView{}, invalidf("workspace", "stop the running turn before switching folders")
	}
	c.workspace, c.history, c.queue, c.sessionID, c.turns, c.storedTo = abs, nil, nil, "", nil, 0
	c.todos, c.tools = &tools.TodoList{}, tools.NewState()
	c.broker = permission.NewBroker(a.publishApproval, a.approvalResolved)
	a.openIndexLocked(abs)
	_, _ = a.deps.Settings.Update(func(s *settings.Settings) error { s.Touch(abs); return nil })
	return workspaceView(abs), nil
}

// RecentWorkspaces lists the folders opened last that still exist.
func (a *App) RecentWorkspaces() []WorkspaceView {
	out := []WorkspaceView{}
	for _, d := range a.deps.Settings.Get().Recent {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			out = append(out, workspaceView(d))
		}
	}
	return out
}

// CurrentWorkspace returns the open folder, or nil.
func (a *App) CurrentWorkspace() *WorkspaceView {
	a.chat.mu.Lock()
	defer a.chat.mu.Unlock()
	if a.chat.workspace == "" {
		return nil
	}
	v := workspaceView(a.chat.workspace)
	return &v
}

func workspaceView(abs string) WorkspaceView {
	return WorkspaceView{Path: abs, Name: filepath.Base(abs)}
}

// Send starts a turn with prompt, or queues it behind the running one.
func (a *App) Send(prompt string) (SendResult, error) {
	if prompt == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	c := &a.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.workspace == "" {
		return SendResult{}, invalidf("workspace", "open a folder first")
	}
	id := newTurnID()
	if c.running {
		c.queue = append(c.queue, queuedTurn{id, prompt})
		return SendResult{TurnID: id, Queued: true}, nil
	}
	c.running = true
	go a.runTurns(queuedTurn{id, prompt})
	return SendResult{TurnID: id}, nil
}

// Stop cancels the running turn; queued prompts still run after it.
func (a *App) Stop() {
	a.chat.mu.Lock()
	defer a.chat.mu.Unlock()
	if a.chat.cancel != nil {
		a.chat.cancel()
	}
}

// Approve answers a pending approval request: allow_once, allow_session or
// deny (with an optional note the model sees).
func (a *App) Approve(requestID, decision, note string) error {
	a.chat.mu.Lock()
	broker := a.chat.broker
	a.chat.mu.Unlock()
	if broker == nil {
		return invalidf("approval", "no workspace is open")
	}
	a.chat.mu.Lock()
	if a.chat.decisions == nil {
		a.chat.decisions = map[string]string{}
	}
	a.chat.decisions[requestID] = decision
	a.chat.mu.Unlock()
	err := broker.Respond(requestID, permission.Decision{Choice: permission.Choice(decision), Note: note})
	if err != nil {
		a.chat.mu.Lock()
		delete(a.chat.decisions, requestID)
		a.chat.mu.Unlock()
	}
	if errors.Is(err, permission.ErrUnknownRequest) {
		return invalidf("approval", "this request was already answered or cancelled")
	}
	return err
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

func newTurnID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "t" + hex.EncodeToString(b)
}
