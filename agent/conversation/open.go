package conversation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tools"
)

// ErrNoSessions means the conversation was built without a sessions store
// (or it is not open yet).
var ErrNoSessions = errors.New("sessions are not available")

// Reopened is a stored conversation made current.
type Reopened struct {
	Transcript *session.Transcript
	// Undo holds what each stored turn changed (by turn id, "m" + its
	// prompt's id), for turns whose snapshots are still kept.
	Undo map[string]TurnUndo
}

// Reopen makes stored session id current: its history becomes the model's
// context for the next message, and its turns can be regenerated, edited
// and undone like live ones.
func (c *Conversation) Reopen(ctx context.Context, id string) (*Reopened, error) {
	store := c.sessions()
	if store == nil {
		return nil, ErrNoSessions
	}
	t, err := store.Load(ctx, id)
	if err != nil {
		return nil, inputf("session", err.Error())
	}
	choice, note := reopenedChoice(t.Session, c.cfg.Settings())
	r, err := c.reopen(t, choice)
	if err == nil && note != "" {
		c.sink.Notice(errors.New(note))
	}
	return r, err
}

func (c *Conversation) reopen(t *session.Transcript, choice Choice) (*Reopened, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return nil, inputf("session", "stop the running turn first")
	}
	if t.Session.Workspace != c.workspace {
		return nil, inputf("session", "this conversation belongs to another folder: "+t.Session.Workspace)
	}
	marks, err := c.resumeLocked(t)
	if err != nil {
		return nil, err
	}
	// The desktop reopens a conversation as it was left: its provider,
	// model, effort and mode too (the CLI's --session keeps the flags').
	c.choice, c.plan = choice, pendingPlan(t)
	return &Reopened{Transcript: t, Undo: c.storedUndo(marks)}, nil
}

// Resume continues stored conversation t, wherever it was held (the CLI's
// --session): its history is the next turn's context and its turns are
// recorded into it.
func (c *Conversation) Resume(t *session.Transcript) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return inputf("session", "stop the running turn first")
	}
	_, err := c.resumeLocked(t)
	return err
}

func (c *Conversation) resumeLocked(t *session.Transcript) ([]turnMark, error) {
	history, starts, err := record.HistoryWithTurns(t)
	if err != nil {
		return nil, err
	}
	// Stored turns' ids are the frontend's ("m" + the prompt's message id).
	snapshots := undoSnapshots(t.Messages)
	failed := failedTurns(t.Messages)
	marks := make([]turnMark, 0, len(starts))
	ids := make(map[int64]string, len(starts))
	for _, st := range starts {
		marks = append(marks, turnMark{id: fmt.Sprintf("m%d", st.UserMessageID), prompt: st.Prompt,
			historyStart: st.HistoryIndex, storedBefore: st.PrevMessageID, undoID: snapshots[st.UserMessageID],
			failed: failed[st.UserMessageID]})
		ids[st.UserMessageID] = marks[len(marks)-1].id
	}
	if t.Session.ID != c.sessionID {
		c.freshToolsLocked()
		c.restoreTodosLocked(t.Session.Todos)
	}
	c.storedTodoMarksLocked(t.Messages, ids)
	c.sessionID, c.history, c.turns, c.storedTo = t.Session.ID, history, marks, lastID(t.Messages)
	c.startSource = "resume"
	c.pending = unanswered(history)
	return marks, nil
}

// failedTurns says which stored turns (by their prompt's message id) ended
// in a failed step, so retrying a reopened failed turn reuses its session
// as retrying a live one does.
func failedTurns(msgs []session.Message) map[int64]bool {
	failed := map[int64]bool{}
	var turn int64
	for _, m := range msgs {
		switch {
		case m.Role == session.RoleUser && m.Origin == "":
			turn = m.ID
		case turn != 0:
			failed[turn] = m.Role == session.RoleAssistant && m.State == session.StateFailed
		}
	}
	return failed
}

// pendingPlan is the plan a conversation left in plan mode proposed in its
// last turn, still waiting for an answer ("" when there is none), so its
// plan card can be answered after reopening.
func pendingPlan(t *session.Transcript) string {
	if t.Session.Mode != ModePlan {
		return ""
	}
	for i := len(t.Messages) - 1; i >= 0 && t.Messages[i].Role != session.RoleUser; i-- {
		calls := t.Messages[i].ToolCalls
		for j := len(calls) - 1; j >= 0; j-- {
			var args struct {
				Plan string `json:"plan"`
			}
			if calls[j].Name == tools.ProposePlanName && calls[j].Status == session.ToolOK &&
				json.Unmarshal([]byte(calls[j].Args), &args) == nil {
				return args.Plan
			}
		}
	}
	return ""
}

// Stored reads the conversation's stored transcript as Reopen shows one,
// leaving the conversation as it is (its turn may be running: a window
// showing it again).
func (c *Conversation) Stored(ctx context.Context) (*Reopened, error) {
	store := c.sessions()
	if store == nil {
		return nil, ErrNoSessions
	}
	c.mu.Lock()
	id, marks := c.sessionID, append([]turnMark(nil), c.turns...)
	c.mu.Unlock()
	t, err := store.Load(ctx, id)
	if err != nil {
		return nil, inputf("session", err.Error())
	}
	return &Reopened{Transcript: t, Undo: c.storedUndo(marks)}, nil
}
