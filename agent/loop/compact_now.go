package loop

import (
	"context"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Compact shrinks history now, as a context_length error would: old tool
// results first, then a summary of older turns (every user message kept
// verbatim). It is for a user who asks for it when the context is full.
// The Compacted events it causes go to emit; changed is false when there
// was nothing to shrink or the window is unknown.
func (a *Agent) Compact(ctx context.Context, history []llm.Message, emit func(Event)) (out []llm.Message, changed bool) {
	return a.CompactFocus(ctx, history, "", emit)
}

// CompactFocus is Compact with what the person wants the summary to keep
// (`/compact focus`).
func (a *Agent) CompactFocus(ctx context.Context, history []llm.Message, focus string, emit func(Event)) (out []llm.Message, changed bool) {
	if emit == nil {
		emit = func(Event) {}
	}
	em := &emitter{fn: emit}
	t := &turn{a: a, emit: em.emit, msgs: append([]llm.Message(nil), history...), focus: focus, requested: true}
	changed = t.maybeCompact(ctx, true)
	return t.msgs, changed
}
