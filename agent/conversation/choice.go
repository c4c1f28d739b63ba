package conversation

import (
	"context"
	"fmt"
	"slices"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// Choice is what the composer's picker set for this conversation: the
// provider, model, reasoning effort and approval mode its turns use. An
// empty field means the Settings default. It is stored with the session and
// restored when the conversation is reopened; New chat keeps the choice of
// the conversation on screen (as Cursor's new chat keeps the last model),
// and the new conversation stores it with its first message. Settings'
// defaults are never changed by it.
type Choice struct {
	ProviderID string
	Model      string
	Effort     string
	Mode       string // "plan", "ask", "edits" or "auto"
}

// SetChoice sets the conversation's choice for its next turns.
func (c *Conversation) SetChoice(ch Choice) error {
	if ch.ProviderID != "" {
		if err := provider.ValidateID(ch.ProviderID); err != nil {
			return inputf("provider", err.Error())
		}
	}
	if ch.Effort != "" && !slices.Contains(settings.ReasoningEfforts, ch.Effort) {
		return inputf("effort", "reasoning effort must be one of off, low, medium, high")
	}
	if ch.Mode != "" && ch.Mode != ModePlan && !slices.Contains(settings.ApprovalModes, ch.Mode) {
		return inputf("mode", "mode must be one of plan, ask, edits, auto")
	}
	c.mu.Lock()
	c.choice = ch
	c.mu.Unlock()
	c.saveChoice()
	return nil
}

// saveChoice stores the conversation's choice with its session, when it
// has one.
func (c *Conversation) saveChoice() {
	c.mu.Lock()
	id, ch := c.sessionID, c.choice
	c.mu.Unlock()
	err := c.saveState(id, func(ctx context.Context, s *session.Store) error {
		if err := s.SetChoice(ctx, id, storedChoice(ch)); err != nil {
			return err
		}
		return s.SetMode(ctx, id, ch.Mode)
	})
	if err != nil {
		c.sink.Notice(fmt.Errorf("the conversation's model choice was not saved: %w", err))
	}
}

func storedChoice(ch Choice) session.Choice {
	return session.Choice{Provider: ch.ProviderID, Model: ch.Model, Effort: ch.Effort}
}

// reopenedChoice is the choice stored with session s, checked against the
// settings: a provider no longer configured (with its model) gives way to
// Settings' default, and note says so in one line.
func reopenedChoice(s session.Session, st settings.Settings) (ch Choice, note string) {
	ch = Choice{ProviderID: s.Choice.Provider, Model: s.Choice.Model, Effort: s.Choice.Effort, Mode: s.Mode}
	if ch.ProviderID != "" && !slices.Contains(st.ProviderIDs(), ch.ProviderID) {
		note = fmt.Sprintf("This conversation used %s, which is no longer configured; it now uses Settings' default provider.", ch.ProviderID)
		ch.ProviderID, ch.Model = "", ""
	}
	if ch.Effort != "" && !slices.Contains(settings.ReasoningEfforts, ch.Effort) {
		ch.Effort = ""
	}
	return ch, note
}

// Choice returns the conversation's choice as it stands.
func (c *Conversation) Choice() Choice {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.choice
}

// applyChoice lays ch over the settings a turn is built from and the
// agent the front-end fixed (the CLI's flags win over any choice).
func applyChoice(st settings.Settings, a AgentChoice, ch Choice) (settings.Settings, AgentChoice) {
	if a.ProviderID == "" && ch.ProviderID != "" {
		a.ProviderID = ch.ProviderID
		if a.Model == "" {
			a.Model = ch.Model
		}
	} else if a.Model == "" && ch.Model != "" && (ch.ProviderID == "" || ch.ProviderID == a.ProviderID) {
		a.Model = ch.Model
	}
	if ch.Effort != "" {
		st.ReasoningEffort = ch.Effort
	}
	if ch.Mode != "" {
		st.ApprovalMode = ch.Mode
	}
	return st, a
}
