package conversation

import (
	"slices"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/settings"
)

// Choice is what the composer's picker set for this conversation: the
// provider, model, reasoning effort and approval mode its turns use. An
// empty field means the Settings default. A new chat keeps the choice (as
// a new tab keeps the model); Settings' defaults are never changed by it.
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
	c.saveMode()
	return nil
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
