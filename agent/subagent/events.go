package subagent

import (
	"context"

	"github.com/hearth-agent/hearth/agent/loop"
)

// Event is one event of a subagent's run, tagged with the main agent's
// task call it belongs to, for front-ends that show its transcript.
type Event struct {
	CallID      string // the task call
	Agent       string
	Description string
	Event       loop.Event
}

type eventsKey struct{}

// WithEvents has fn receive the events of the subagents run under ctx. fn
// is called from the subagents' goroutines and must not block.
func WithEvents(ctx context.Context, fn func(Event)) context.Context {
	return context.WithValue(ctx, eventsKey{}, fn)
}

func eventsOf(ctx context.Context) func(Event) {
	fn, _ := ctx.Value(eventsKey{}).(func(Event))
	return fn
}
