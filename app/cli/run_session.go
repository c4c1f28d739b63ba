package cli

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"
)

// runSession is where a headless turn is persisted: the session named by
// --session (its history is the turn's context) or a new one.
type runSession struct {
	store   *session.Store
	id      string
	history []llm.Message
	rec     *record.Recorder
}

// openRunSession opens the session store. With --session a failure is
// fatal (the user asked to continue that conversation); without it the run
// goes on unrecorded and says so.
func openRunSession(ctx context.Context, env *Env, o *runOptions, provider string) (*runSession, error) {
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
		return &runSession{}, nil
	}
	rs := &runSession{store: store}
	if o.session != "" {
		t, err := loadByPrefix(ctx, store, o.session)
		if err != nil {
			store.Close()
			return nil, err
		}
		if rs.history, err = record.History(t); err != nil {
			store.Close()
			return nil, err
		}
		rs.id = t.Session.ID
	} else {
		s, err := store.Create(ctx, session.NewSession{Workspace: o.workspace, Provider: provider, Model: o.model})
		if err != nil {
			store.Close()
			return nil, err
		}
		rs.id = s.ID
	}
	if rs.rec, err = record.Begin(ctx, store, rs.id, provider, o.model, o.prompt); err != nil {
		store.Close()
		return nil, err
	}
	return rs, nil
}

// event records e; a storage failure is reported once and the turn goes on.
func (rs *runSession) event(ctx context.Context, env *Env, e loop.Event) {
	if rs.rec == nil {
		return
	}
	rs.rec.Event(ctx, e)
	if err := rs.rec.Err(); err != nil {
		fmt.Fprintf(env.Stderr, "hearth run: warning: the session stopped being saved: %v\n", err)
		rs.rec = nil
	}
}

func (rs *runSession) close() {
	if rs.store != nil {
		rs.store.Close()
	}
}
