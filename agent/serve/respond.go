package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
)

// SessionHeader names the stored session a response belongs to; a request
// that sends it back continues that session.
const SessionHeader = "X-Hearth-Session"

// responder turns one turn's loop events into the response: SSE chunks as
// they happen when streaming, one chat.completion at the end otherwise.
// Headers are written with the first chunk, so a turn that fails before
// saying anything still gets a proper HTTP error status.
type responder struct {
	// mu orders the turn's output with the keep-alive comments.
	mu           sync.Mutex
	closed       bool // the answer is complete: nothing more is written
	w            http.ResponseWriter
	rc           *http.ResponseController
	stream       bool
	includeUsage bool
	id, model    string
	created      int64
	session      func() string
	red          *redact.Redactor
	text         *redact.Stream
	thought      *redact.Stream // the reasoning, redacted apart from the text
	args         map[string]json.RawMessage
	started      bool
	content      strings.Builder
	reasoning    strings.Builder
	buf          []byte
}

func newResponder(w http.ResponseWriter, req *chatRequest, session func() string, red *redact.Redactor) *responder {
	o := &responder{w: w, rc: http.NewResponseController(w), stream: req.Stream, model: req.Model,
		id: "chatcmpl-" + newID(), created: time.Now().Unix(), session: session, red: red, text: red.Stream(), thought: red.Stream(),
		args: map[string]json.RawMessage{}}
	o.includeUsage = req.StreamOptions != nil && req.StreamOptions.IncludeUsage
	return o
}

// event takes one loop event.
func (o *responder) event(e loop.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch e := e.(type) {
	case loop.TextDelta:
		o.think(o.thought.Flush())
		o.say(o.text.Write(e.Text))
		return
	case loop.ReasoningDelta:
		o.think(o.thought.Write(e.Text))
		return
	}
	o.think(o.thought.Flush())
	o.say(o.text.Flush())
	switch e := e.(type) {
	case loop.ToolCallStarted:
		o.args[e.ID] = e.Args
		o.activity(&activity{Event: "tool_call", ID: e.ID, Name: e.Name, Status: "running",
			Summary: clip(o.red.String(string(e.Args)), 200)})
	case loop.ToolCallFinished:
		o.activity(&activity{Event: "tool_result", ID: e.ID, Name: e.Name, Status: string(e.Status),
			Summary: clip(firstLine(o.red.String(e.Output)), 200)})
	}
}

func (o *responder) say(s string) {
	if s == "" {
		return
	}
	if !o.stream {
		o.content.WriteString(s)
		return
	}
	o.chunk(choice{Delta: &outMessage{Content: &s}}, nil, nil)
}

// think passes on the model's reasoning, beside the answer's content.
func (o *responder) think(s string) {
	if s == "" {
		return
	}
	if !o.stream {
		o.reasoning.WriteString(s)
		return
	}
	o.chunk(choice{Delta: &outMessage{ReasoningContent: &s}}, nil, nil)
}

func (o *responder) activity(a *activity) {
	if o.stream {
		o.chunk(choice{Delta: &outMessage{}}, nil, a)
	}
}

// begin writes the headers and the chunk that opens the assistant's message.
func (o *responder) begin() {
	if o.started {
		return
	}
	o.started = true
	h := o.w.Header()
	if id := o.session(); id != "" {
		h.Set(SessionHeader, id)
	}
	if !o.stream {
		return
	}
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	o.w.WriteHeader(http.StatusOK)
	empty := ""
	// Sent with the chunk that follows: one write reaches the client
	// with the first words instead of two.
	o.put(o.envelope(choice{Delta: &outMessage{Role: "assistant", Content: &empty}}, nil, nil))
}

func (o *responder) envelope(c choice, u *usage, a *activity) chunk {
	ch := chunk{ID: o.id, Object: "chat.completion.chunk", Created: o.created, Model: o.model, Usage: u, Hearth: a,
		Choices: []choice{c}}
	if u != nil {
		ch.Choices = []choice{}
	}
	return ch
}

func (o *responder) chunk(c choice, u *usage, a *activity) {
	o.begin()
	o.write(o.envelope(c, u, a))
}

// write sends v as an SSE event, with whatever put held back.
func (o *responder) write(v any) {
	o.put(v)
	if _, err := o.w.Write(o.buf); err == nil {
		_ = o.rc.Flush()
	}
	o.buf = o.buf[:0]
}

// put adds v to the events the next write sends.
func (o *responder) put(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	o.buf = append(append(append(o.buf, "data: "...), b...), "\n\n"...)
}

// keepAlive sends an SSE comment every interval while the stream is open
// and quiet (a long tool run), so proxies and clients with idle timeouts
// do not drop it; OpenAI's SDKs ignore comments. It returns when ctx ends.
func (o *responder) keepAlive(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		o.mu.Lock()
		if o.started && !o.closed {
			if _, err := io.WriteString(o.w, ": keep-alive\n\n"); err == nil {
				_ = o.rc.Flush()
			}
		}
		o.mu.Unlock()
	}
}

// finish ends the response with the turn's outcome.
func (o *responder) finish(res loop.Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	defer func() { o.closed = true }()
	o.think(o.thought.Flush())
	o.say(o.text.Flush())
	if res.Err != nil {
		o.fail(turnError(res.Err, o.red.String(errorText(res.Err))))
		return
	}
	if res.Stopped {
		o.fail(&Error{Status: http.StatusServiceUnavailable, Type: "server_error", Code: "stopped",
			Message: "the turn was stopped: the server is shutting down"})
		return
	}
	reason := "stop"
	var calls []wireToolCall
	for i, c := range res.ClientCalls {
		args := string(c.Args)
		if c.RawArgs != "" {
			args = c.RawArgs
		}
		calls = append(calls, wireToolCall{Index: &i, ID: c.ID, Type: "function", Function: wireCallFunc{Name: c.Name, Arguments: args}})
		reason = "tool_calls"
	}
	u := usageOf(res.Usage)
	if !o.stream {
		o.begin()
		msg := &outMessage{Role: "assistant", ToolCalls: calls}
		if text := o.content.String(); text != "" || len(calls) == 0 {
			msg.Content = &text
		}
		if r := o.reasoning.String(); r != "" {
			msg.ReasoningContent = &r
		}
		for i := range msg.ToolCalls {
			msg.ToolCalls[i].Index = nil
		}
		writeJSON(o.w, http.StatusOK, completion{ID: o.id, Object: "chat.completion", Created: o.created, Model: o.model,
			Choices: []choice{{Message: msg, FinishReason: &reason}}, Usage: u})
		return
	}
	if len(calls) > 0 {
		o.chunk(choice{Delta: &outMessage{ToolCalls: calls}}, nil, nil)
	}
	o.chunk(choice{Delta: &outMessage{}, FinishReason: &reason}, nil, nil)
	if o.includeUsage {
		o.chunk(choice{}, u, nil)
	}
	o.done()
}

// abort ends the response with e (a turn that could not be recorded).
func (o *responder) abort(e *Error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.fail(e)
}

// fail answers with e: an HTTP error before anything was sent, else an
// error event in the stream (which OpenAI's SDKs raise).
func (o *responder) fail(e *Error) {
	if o.closed {
		return
	}
	o.closed = true
	if !o.started || !o.stream {
		if id := o.session(); id != "" {
			o.w.Header().Set(SessionHeader, id)
		}
		writeError(o.w, e)
		return
	}
	o.write(e.body())
	o.done()
}

func (o *responder) done() {
	o.buf = append(o.buf, "data: [DONE]\n\n"...)
	if _, err := o.w.Write(o.buf); err == nil {
		_ = o.rc.Flush()
	}
	o.buf = o.buf[:0]
}

func usageOf(u llm.Usage) *usage {
	return &usage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: u.InputTokens + u.OutputTokens,
		PromptTokensDetails:     tokenDetails{CachedTokens: u.CachedInputTokens},
		CompletionTokensDetails: tokenDetails{ReasoningTokens: u.ReasoningTokens}}
}

// errorText is a turn's failure in the provider's own words.
func errorText(err error) string {
	var le *llm.Error
	if errors.As(err, &le) && le.Message != "" {
		if le.Status != 0 {
			return fmt.Sprintf("%s (HTTP %d from the provider)", le.Message, le.Status)
		}
		return le.Message
	}
	return err.Error()
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
