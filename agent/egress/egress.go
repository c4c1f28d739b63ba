// Package egress is the one HTTP client layer every request Hearth itself
// makes goes through: it records each request (what, where, how many
// bytes, for which conversation) and refuses, before dialing, what the
// offline switch forbids. Programs Hearth runs (commands, stdio MCP
// servers) are not its requests and are not seen here.
package egress

import (
	"context"
	"time"
)

// Purpose says why Hearth made a request; the layer that builds the
// client names it, it is never guessed from the URL.
type Purpose string

const (
	Model  Purpose = "model"
	MCP    Purpose = "mcp"
	OAuth  Purpose = "oauth"
	Web    Purpose = "web"
	Update Purpose = "update"
)

// Entry is one request as the log keeps it. Path never holds the query
// string, which may carry keys.
type Entry struct {
	Time     time.Time
	Purpose  Purpose
	Method   string
	Host     string
	Path     string
	Status   int // 0 when no response came
	BytesOut int64
	BytesIn  int64
	// Session is the conversation the request served, "" for the app's own.
	Session string
	// Error says why there was no status.
	Error string
}

// Sink takes recorded entries; Record must not block.
type Sink interface {
	Record(Entry)
}

type conversationKey struct{}

// WithConversation marks ctx's requests as serving the conversation whose
// stored session id session returns when a request ends (a conversation
// gets its id when its first turn is stored, after its first requests).
func WithConversation(ctx context.Context, session func() string) context.Context {
	return context.WithValue(ctx, conversationKey{}, session)
}

// conversationOf is the session id ctx serves, "" for none.
func conversationOf(ctx context.Context) string {
	if f, ok := ctx.Value(conversationKey{}).(func() string); ok && f != nil {
		return f()
	}
	return ""
}
