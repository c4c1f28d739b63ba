package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
)

// Error is a request the server answers with an OpenAI-shaped error.
type Error struct {
	Status     int
	Type       string // invalid_request_error, authentication_error, rate_limit_error, server_error...
	Code       string // "" for none
	Param      string // the request field at fault, "" for none
	Message    string
	RetryAfter time.Duration // sent as Retry-After when set
}

func (e *Error) Error() string { return e.Message }

func badRequest(code, param, format string, a ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Type: "invalid_request_error", Code: code, Param: param,
		Message: fmt.Sprintf(format, a...)}
}

func (e *Error) body() errorBody {
	b := errorBody{Error: apiError{Message: e.Message, Type: e.Type}}
	if e.Code != "" {
		b.Error.Code = &e.Code
	}
	if e.Param != "" {
		b.Error.Param = &e.Param
	}
	return b
}

// writeError answers with e (any other error is a server error).
func writeError(w http.ResponseWriter, err error) {
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Status: http.StatusInternalServerError, Type: "server_error", Message: err.Error()}
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	if e.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(int((e.RetryAfter+time.Second-1)/time.Second)))
	}
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(e.body())
}

// turnError maps a failed turn onto an OpenAI-shaped error that keeps the
// provider's class: its status, type and code are what an OpenAI client
// branches on (a rate limit is retried after Retry-After, a context that
// is too long is not retried at all).
func turnError(err error, message string) *Error {
	class := loop.ErrorClass(err)
	e := &Error{Status: http.StatusBadGateway, Type: "server_error", Code: string(class), Message: message}
	var le *llm.Error
	if errors.As(err, &le) {
		e.RetryAfter = le.RetryAfter
		if !le.RetryAt.IsZero() {
			e.RetryAfter = time.Until(le.RetryAt)
		}
	}
	switch class {
	case llm.ClassAuth:
		// The provider refused Hearth's key: the client's own token was
		// fine, so this is not a 401 of ours.
		e.Type, e.Message = "authentication_error", "the model provider refused Hearth's key: "+message
	case llm.ClassRateLimit:
		e.Status, e.Type, e.Code = http.StatusTooManyRequests, "rate_limit_error", "rate_limit_exceeded"
	case llm.ClassQuota:
		// The provider's key has no credit: retrying will not help the client.
		e.Status, e.Type, e.Code = http.StatusPaymentRequired, "insufficient_quota", "insufficient_quota"
	case llm.ClassContextLength:
		e.Status, e.Type, e.Code = http.StatusBadRequest, "invalid_request_error", "context_length_exceeded"
	case llm.ClassOverloaded:
		e.Status, e.Code = http.StatusServiceUnavailable, "overloaded"
	case llm.ClassTimeout:
		e.Status = http.StatusGatewayTimeout
	case llm.ClassInvalidRequest:
		e.Status, e.Type = http.StatusBadRequest, "invalid_request_error"
	case loop.ClassMaxIterations, loop.ClassToolLoop, loop.ClassTextProtocol:
		e.Status = http.StatusInternalServerError
	}
	return e
}
