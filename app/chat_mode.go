package app

import (
	"strings"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// ModeView is the conversation's mode and the modes Shift+Tab cycles.
type ModeView struct {
	Mode  string   `json:"mode"` // plan, ask, edits or auto
	Modes []string `json:"modes"`
	// PendingPlan is the plan waiting for approval, "" when none is.
	PendingPlan string `json:"pendingPlan"`
}

// GetMode returns the conversation's mode (the Settings' approval mode
// until one is chosen).
func (a *Composer) GetMode() ModeView {
	mode := a.chat().Mode()
	if mode == "" {
		mode = a.deps.Settings.Get().ApprovalMode
	}
	return ModeView{Mode: mode, Modes: append([]string(nil), conversation.Modes...), PendingPlan: a.chat().PendingPlan()}
}

// SetMode sets the conversation's mode from its next turn on.
func (a *Composer) SetMode(mode string) (ModeView, error) {
	if err := a.chat().SetMode(strings.TrimSpace(mode)); err != nil {
		return ModeView{}, viewErr(err)
	}
	return a.GetMode(), nil
}

// ApprovePlan approves the pending plan into mode (edits or ask) and starts
// the turn that carries it out.
func (a *Chat) ApprovePlan(conv, mode string) (SendResult, error) {
	c, err := a.conversation(conv)
	if err != nil {
		return SendResult{}, err
	}
	instruction, err := c.ApprovePlan(mode)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return a.Send(conv, instruction)
}

// KeepPlanning sends the person's feedback on the plan; the conversation
// stays in plan mode and the model plans again.
func (a *Chat) KeepPlanning(conv, feedback string) (SendResult, error) {
	if strings.TrimSpace(feedback) == "" {
		return SendResult{}, invalidf("feedback", "say what the plan should change")
	}
	return a.Send(conv, "Keep planning; do not carry the plan out yet. My feedback on your plan: "+feedback)
}
