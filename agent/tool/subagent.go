package tool

import "context"

type subagentKey int

const (
	agentNameKey subagentKey = iota
	changeLogKey
)

// WithAgent tags ctx with the name of the subagent whose calls run under
// it, so approvals can say who asks.
func WithAgent(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, agentNameKey, name)
}

// Agent returns the name set by WithAgent, or "" for the main agent.
func Agent(ctx context.Context) string {
	name, _ := ctx.Value(agentNameKey).(string)
	return name
}

// WithChangeLog has fn told the absolute paths of the files the tool
// calls run under ctx change (a subagent's report of what it changed).
// fn may be called from several goroutines.
func WithChangeLog(ctx context.Context, fn func(abs []string)) context.Context {
	return context.WithValue(ctx, changeLogKey, fn)
}

// LogChanges tells the change log installed in ctx, if any, about abs.
func LogChanges(ctx context.Context, abs []string) {
	if fn, ok := ctx.Value(changeLogKey).(func([]string)); ok && fn != nil && len(abs) > 0 {
		fn(abs)
	}
}
