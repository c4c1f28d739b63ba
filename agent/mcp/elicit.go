package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation is a server's request for input from the person, asked while
// one of its tools runs.
type Elicitation struct {
	Server  string
	Message string
	// Schema is the flat JSON Schema object of the fields asked for.
	Schema json.RawMessage
}

// ElicitAnswer is the person's reply: accept (with Content), decline or
// cancel.
type ElicitAnswer struct {
	Action  string
	Content map[string]any
}

// Elicitor shows an Elicitation to the person and waits for the answer; it
// must return when ctx is done.
type Elicitor func(ctx context.Context, e Elicitation) (ElicitAnswer, error)

type elicitorKey struct{}

// WithElicitor lets the person answer the elicitations of the MCP calls run
// under ctx; calls without one decline (a headless run).
func WithElicitor(ctx context.Context, fn Elicitor) context.Context {
	return context.WithValue(ctx, elicitorKey{}, fn)
}

func elicitorOf(ctx context.Context) Elicitor {
	fn, _ := ctx.Value(elicitorKey{}).(Elicitor)
	return fn
}

// elicit answers a server's elicitation/create: the person watching the
// call that asked (the server's most recent call with an Elicitor), else
// Options.Elicit, else a decline noted in the server's log.
func (s *server) elicit(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
	if fn, callCtx := s.callElicitor(); fn != nil && req.Params.Mode != "url" {
		schema, err := json.Marshal(req.Params.RequestedSchema)
		if err != nil || req.Params.RequestedSchema == nil {
			schema = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		// The call's context carries the call id and ends with Stop; the
		// request's own ends if the server gives up.
		actx, cancel := context.WithCancel(callCtx)
		defer cancel()
		stop := context.AfterFunc(ctx, cancel)
		defer stop()
		a, err := fn(actx, Elicitation{Server: s.entry.Name, Message: req.Params.Message, Schema: schema})
		if err != nil {
			return &sdk.ElicitResult{Action: "cancel"}, nil
		}
		s.log.Add("hearth: the person answered an elicitation request: " + a.Action)
		return &sdk.ElicitResult{Action: a.Action, Content: a.Content}, nil
	}
	if s.m.opts.Elicit != nil {
		return s.m.opts.Elicit(ctx, s.entry.Name, req)
	}
	s.log.Add("hearth: declined an elicitation request (no one can answer it in this run): " + req.Params.Message)
	return &sdk.ElicitResult{Action: "decline"}, nil
}

// callElicitor finds the newest running call of this server whose caller
// can ask the person.
func (s *server) callElicitor() (Elicitor, context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.calls) - 1; i >= 0; i-- {
		if fn := elicitorOf(s.calls[i]); fn != nil {
			return fn, s.calls[i]
		}
	}
	return nil, nil
}

// track records a running call so its server's requests can reach the
// person watching it; the returned func forgets it.
func (s *server) track(ctx context.Context) func() {
	s.mu.Lock()
	s.calls = append(s.calls, ctx)
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		for i, c := range s.calls {
			if c == ctx {
				s.calls = append(s.calls[:i], s.calls[i+1:]...)
				return
			}
		}
	}
}

// ElicitDefaults is the answer a form prefilled from the request's schema
// would give untouched: each property's default, where it has one.
func ElicitDefaults(req *sdk.ElicitRequest) map[string]any {
	var schema struct {
		Properties map[string]struct {
			Default any `json:"default"`
		} `json:"properties"`
	}
	b, err := json.Marshal(req.Params.RequestedSchema)
	if err != nil || json.Unmarshal(b, &schema) != nil {
		return map[string]any{}
	}
	out := map[string]any{}
	for name, p := range schema.Properties {
		if p.Default != nil {
			out[name] = p.Default
		}
	}
	return out
}

// ValidateElicitContent checks an answer against the request's schema, so
// the person hears what is wrong before the server does.
func ValidateElicitContent(schema json.RawMessage, content map[string]any) error {
	if len(schema) == 0 {
		return nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(schema, &s); err != nil {
		return fmt.Errorf("the server's schema cannot be read: %w", err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		return fmt.Errorf("the server's schema cannot be used: %w", err)
	}
	if err := r.Validate(content); err != nil {
		return fmt.Errorf("the answer does not fit the fields asked for: %w", err)
	}
	return nil
}
