package cli

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/session"
)

// openRunSession opens the session store and, with --session, makes that
// session the conversation's (its history is the turn's context; the turn
// is recorded into it). Without --session the conversation records into a
// new one. With --session a failure is fatal (the user asked to continue
// that conversation); without it the run goes on unrecorded (a nil store)
// and says so.
func openRunSession(ctx context.Context, env *Env, conv *conversation.Conversation, o *runOptions) (*session.Store, error) {
	// The prompt is saved whatever Ctrl-C interrupts: the turn then stops
	// at once, and is recorded as stopped, instead of the message being
	// lost with a "context canceled" failure.
	ctx = context.WithoutCancel(ctx)
	store, err := openSessions(ctx, env)
	if err != nil {
		if o.session != "" {
			return nil, fmt.Errorf("opening the sessions database: %w", err)
		}
		fmt.Fprintf(env.Stderr, "hearth run: warning: this run is not saved (%v)\n", err)
		return nil, nil
	}
	if o.session != "" {
		t, err := loadByPrefix(ctx, store, o.session)
		if err == nil {
			err = conv.Resume(t)
		}
		if err != nil {
			store.Close()
			return nil, err
		}
	}
	return store, nil
}
