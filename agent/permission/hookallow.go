package permission

import "context"

type hookAllowKey struct{}

// WithHookAllow marks ctx as a call a PreToolUse hook allowed: a request
// the rules would ask about runs without asking. A deny rule, and a call
// that must always be asked about, are unaffected: a hook only tightens
// or spares a prompt, it never overrides a refusal.
func WithHookAllow(ctx context.Context) context.Context {
	return context.WithValue(ctx, hookAllowKey{}, true)
}

func hookAllowed(ctx context.Context) bool {
	ok, _ := ctx.Value(hookAllowKey{}).(bool)
	return ok
}
