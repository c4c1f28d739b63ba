package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
)

// Class is what kind of failure an Error is; the loop and UI branch on it.
type Class string

const (
	ClassAuth           Class = "auth"
	ClassRateLimit      Class = "rate_limit"
	ClassOverloaded     Class = "overloaded"
	ClassServer         Class = "server"
	ClassContextLength  Class = "context_length"
	ClassInvalidRequest Class = "invalid_request"
	ClassNetwork        Class = "network"
	ClassTimeout        Class = "timeout"
	ClassCanceled       Class = "canceled"
	// ClassNoVision: the model refused an image or document part.
	ClassNoVision Class = "no_vision"
	// ClassQuota: the key has no credit left (OpenAI's insufficient_quota,
	// Anthropic's credit balance, OpenRouter's 402); waiting does not help.
	ClassQuota Class = "quota"
	// ClassOffline: Hearth works offline and refused the request itself.
	ClassOffline Class = "offline"
)

// Error is a failed model call.
type Error struct {
	Class   Class
	Status  int    // HTTP status, 0 when none (network, or an error inside a 200 stream)
	Message string // the provider's own words when it gave any
	// RetryAfter is the server's requested delay (0 when it gave none);
	// RetryAt is set instead when it named an HTTP date.
	RetryAfter time.Duration
	RetryAt    time.Time
	// ShouldRetry is the server's x-should-retry verdict, nil when absent.
	ShouldRetry *bool
	// Limit and PromptTokens are parsed from context-length errors when given.
	Limit, PromptTokens int
	// InStream is true when the error arrived inside a 200 stream.
	InStream bool
	Err      error
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Class == ClassQuota {
		b.WriteString("This key has no credit left")
		if e.Message != "" {
			b.WriteString(" (provider: " + e.Message + ")")
		}
		return b.String()
	}
	if e.Class == ClassNoVision {
		b.WriteString(ErrNoVision.Error())
		if e.Message != "" {
			b.WriteString(" (provider: " + e.Message + ")")
		}
		return b.String()
	}
	b.WriteString(string(e.Class))
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	} else if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ClassOf returns err's class, or "" for an error that is not an *Error.
func ClassOf(err error) Class {
	var e *Error
	if errors.As(err, &e) {
		return e.Class
	}
	if errors.Is(err, context.Canceled) {
		return ClassCanceled
	}
	return ""
}

// TransportError classifies a failure to send a request or read its stream.
// ctx is the request's context, whose cause tells an idle timeout from Stop.
func TransportError(ctx context.Context, err error) *Error {
	var ne net.Error
	var nc *noContent
	var off *egress.OfflineError
	switch cause := context.Cause(ctx); {
	case errors.As(err, &off):
		return &Error{Class: ClassOffline, Err: err, Message: off.Error()}
	case errors.As(cause, &nc):
		return NoContentError(nc.after)
	case errors.Is(err, ErrTooLarge):
		return &Error{Class: ClassTooLarge, Err: err, InStream: true, Message: err.Error()}
	case errors.Is(cause, ErrIdle) || errors.Is(err, ErrIdle):
		return &Error{Class: ClassTimeout, Err: ErrIdle}
	case ctx.Err() != nil && errors.Is(cause, context.Canceled):
		return &Error{Class: ClassCanceled, Err: err, Message: "stopped"}
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		return &Error{Class: ClassTimeout, Err: err}
	}
	return &Error{Class: ClassNetwork, Err: err}
}

// ErrIdle is the cause when a stream sent no bytes for the idle timeout.
var ErrIdle = errors.New("the stream sent nothing for too long")

// HTTPError classifies a non-2xx response from its status, headers and body.
func HTTPError(status int, h http.Header, body []byte) *Error {
	e := &Error{Status: status}
	typ, code, msg := errorFields(body)
	e.Message = msg
	if e.Message == "" {
		e.Message = strings.TrimSpace(string(truncate(body, 300)))
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	e.RetryAfter, e.RetryAt = retryAfter(h)
	if v := h.Get("x-should-retry"); v == "true" || v == "false" {
		b := v == "true"
		e.ShouldRetry = &b
	}
	e.Class = classify(status, typ, code, e.Message)
	if e.Class == ClassContextLength {
		e.Limit, e.PromptTokens = parseContextNumbers(body, e.Message)
	}
	if e.Class == ClassNoVision {
		e.Err = ErrNoVision
	}
	return e
}

// StreamError classifies an error object received inside a 200 stream.
// raw is the JSON value of the error (OpenAI's "error" field, or the whole
// Anthropic error event).
func StreamError(raw []byte) *Error {
	typ, code, msg := errorFields(raw)
	status := 0
	var probe struct {
		Code   json.RawMessage `json:"code"`
		Status int             `json:"status"`
	}
	_ = json.Unmarshal(raw, &probe)
	if n, err := strconv.Atoi(strings.Trim(string(probe.Code), `"`)); err == nil && n >= 400 && n < 600 {
		status = n
	} else if probe.Status >= 400 {
		status = probe.Status
	}
	if msg == "" {
		msg = strings.TrimSpace(string(truncate(raw, 300)))
	}
	e := &Error{Message: msg, InStream: true}
	e.Class = classify(status, typ, code, msg)
	if e.Class == "" || (status == 0 && e.Class == ClassInvalidRequest && typ == "" && code == "") {
		e.Class = ClassServer
	}
	if e.Class == ClassContextLength {
		e.Limit, e.PromptTokens = parseContextNumbers(raw, msg)
	}
	if e.Class == ClassNoVision {
		e.Err = ErrNoVision
	}
	return e
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// errorFields pulls type, code and message out of the error shapes providers
// use: {"error":{"type","code","message"}}, {"type":"error","error":{...}},
// {"error":"text"}, {"message":"..."}.
func errorFields(body []byte) (typ, code, msg string) {
	var outer struct {
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
		Message string          `json:"message"`
		Error   json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &outer) != nil {
		return "", "", ""
	}
	typ, code, msg = outer.Type, rawString(outer.Code), outer.Message
	if len(outer.Error) > 0 {
		var s string
		if json.Unmarshal(outer.Error, &s) == nil {
			return typ, code, s
		}
		t2, c2, m2 := errorFields(outer.Error)
		if t2 != "" {
			typ = t2
		}
		if c2 != "" {
			code = c2
		}
		if m2 != "" {
			msg = m2
		}
	}
	if typ == "error" {
		typ = ""
	}
	return typ, code, msg
}

func rawString(r json.RawMessage) string {
	var s string
	if json.Unmarshal(r, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(r))
}

var contextPhrases = []string{
	"context_length_exceeded", "maximum context length", "context length", "context window",
	"prompt is too long", "exceed_context_size", "exceeds the available context", "too many tokens",
	"input is too long", "reduce the length",
}

func classify(status int, typ, code, msg string) Class {
	low := strings.ToLower(typ + " " + code + " " + msg)
	if mentionsNoVision(low) {
		return ClassNoVision
	}
	for _, p := range contextPhrases {
		if strings.Contains(low, p) {
			return ClassContextLength
		}
	}
	if status == 402 || mentionsQuota(low) {
		return ClassQuota
	}
	switch {
	case strings.Contains(low, "overloaded"):
		return ClassOverloaded
	case strings.Contains(low, "rate_limit") || strings.Contains(low, "rate limit"):
		return ClassRateLimit
	case strings.Contains(low, "authentication") || strings.Contains(low, "permission_error") || strings.Contains(low, "invalid_api_key"):
		return ClassAuth
	}
	switch {
	case status == 401 || status == 403:
		return ClassAuth
	case status == 429:
		return ClassRateLimit
	case status == 529 || status == 503:
		return ClassOverloaded
	case status == 408:
		return ClassTimeout
	case status >= 500:
		return ClassServer
	case status >= 400:
		return ClassInvalidRequest
	}
	if strings.Contains(low, "invalid_request") {
		return ClassInvalidRequest
	}
	if strings.Contains(low, "api_error") || strings.Contains(low, "server_error") || strings.Contains(low, "internal") {
		return ClassServer
	}
	return ""
}

// quotaPhrases are how providers say a key's credit or plan is used up
// (as opposed to a per-minute rate limit).
var quotaPhrases = []string{
	"insufficient_quota", "exceeded your current quota", "credit balance", "insufficient credits",
	"more credits", "billing", "payment required", "out of credits",
}

func mentionsQuota(low string) bool {
	for _, p := range quotaPhrases {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

var (
	reOpenAICtx    = regexp.MustCompile(`maximum context length is (\d+) tokens.*?(?:resulted in|requested) (\d+) tokens`)
	reAnthropicCtx = regexp.MustCompile(`prompt is too long: (\d+) tokens > (\d+) maximum`)
	reGenericCtx   = regexp.MustCompile(`(\d+) tokens.*?(?:context|window|limit)[^\d]*(\d+)`)
)

// parseContextNumbers finds the window limit and the prompt size in a
// context-length error: OpenAI/vLLM prose, Anthropic prose, or llama.cpp's
// n_ctx / n_prompt_tokens fields.
func parseContextNumbers(body []byte, msg string) (limit, prompt int) {
	var lc struct {
		Error struct {
			NCtx    int `json:"n_ctx"`
			NPrompt int `json:"n_prompt_tokens"`
		} `json:"error"`
		NCtx    int `json:"n_ctx"`
		NPrompt int `json:"n_prompt_tokens"`
	}
	if json.Unmarshal(body, &lc) == nil {
		if lc.Error.NCtx > 0 {
			return lc.Error.NCtx, lc.Error.NPrompt
		}
		if lc.NCtx > 0 {
			return lc.NCtx, lc.NPrompt
		}
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if m := reOpenAICtx.FindStringSubmatch(msg); m != nil {
		return atoi(m[1]), atoi(m[2])
	}
	if m := reAnthropicCtx.FindStringSubmatch(msg); m != nil {
		return atoi(m[2]), atoi(m[1])
	}
	if m := reGenericCtx.FindStringSubmatch(msg); m != nil {
		return atoi(m[2]), atoi(m[1])
	}
	return 0, 0
}
