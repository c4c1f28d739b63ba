package conversation

import (
	"context"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/title"
)

// maybeNameSession asks the user's own model for a title after a new
// conversation's first complete exchange, in the background. A failure
// only leaves the title taken from the first message.
func (c *Conversation) maybeNameSession(sessionID string, firstTurn bool, built *assembly.Built, prompt string, res loop.Result) {
	store := c.sessions()
	if c.cfg.Headless || !firstTurn || sessionID == "" || res.Err != nil || res.Stopped || res.Text == "" || store == nil {
		return
	}
	st := c.cfg.Settings()
	if !st.TitlesFromModel() {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		ctx = egress.WithConversation(ctx, func() string { return sessionID })
		model := built.Model
		if built.FastModel != "" {
			model = built.FastModel // titles are side work
		}
		t, err := title.Generate(ctx, built.Client, model, prompt, res.Text)
		if err != nil {
			return
		}
		if changed, err := store.SetGeneratedTitle(ctx, sessionID, t); err == nil && changed {
			c.sink.SessionsChanged()
		}
	}()
}
