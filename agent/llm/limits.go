package llm

import (
	"errors"
	"fmt"
	"time"
)

// Defaults of Limits.
const (
	// DefaultNoContentTimeout ends a stream that sends no content this long,
	// however many keep-alives it sends.
	DefaultNoContentTimeout = 120 * time.Second
	// DefaultMaxResponse caps one response's text, reasoning and tool calls.
	DefaultMaxResponse = 32 << 20
)

// Limits bound one streamed response. Zero fields take their defaults.
type Limits struct {
	// Idle fails the call when no byte at all arrives this long.
	Idle time.Duration
	// NoContent fails the call when no content arrives this long; it is
	// never shorter than Idle, so a slow local server loading its model is
	// judged by Idle alone.
	NoContent time.Duration
	// MaxResponse caps the bytes of content of one response.
	MaxResponse int64
	// MaxEvent caps one SSE line and one event's data.
	MaxEvent int
}

func (l Limits) withDefaults() Limits {
	if l.Idle <= 0 {
		l.Idle = DefaultIdleTimeout
	}
	if l.NoContent <= 0 {
		l.NoContent = max(DefaultNoContentTimeout, l.Idle)
	}
	if l.MaxResponse <= 0 {
		l.MaxResponse = DefaultMaxResponse
	}
	if l.MaxEvent <= 0 {
		// An event is its content in JSON, which escaping can make larger.
		l.MaxEvent = int(min(2*l.MaxResponse, 1<<30))
	}
	return l
}

// ErrNoContent is the cause, and the wrapped error of the ClassTimeout
// *Error, when a stream sent nothing but keep-alives for too long.
var ErrNoContent = errors.New("the stream sent no content for too long")

// ErrTooLarge is wrapped by the ClassTooLarge *Error of a response over the
// size cap, or of one SSE line or event over its cap.
var ErrTooLarge = errors.New("the response is too large")

// ClassTooLarge is a response cut because it passed its size cap; retrying
// would only fetch it again.
const ClassTooLarge Class = "too_large"

// noContent is the context cause carrying the timeout, for the message.
type noContent struct{ after time.Duration }

func (e *noContent) Error() string { return ErrNoContent.Error() }
func (e *noContent) Unwrap() error { return ErrNoContent }

// NoContentError is the error of a stream that delivered no content for d.
func NoContentError(d time.Duration) *Error {
	return &Error{Class: ClassTimeout, Err: ErrNoContent, InStream: true,
		Message: fmt.Sprintf("the provider sent no content for %s (only keep-alives or empty events); the response was stopped", d)}
}

// TooLargeError is the error of a response that passed max bytes.
func TooLargeError(max int64) *Error {
	return &Error{Class: ClassTooLarge, Err: ErrTooLarge, InStream: true,
		Message: fmt.Sprintf("the response passed the size limit of %s and was stopped", sizeText(max))}
}

func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
