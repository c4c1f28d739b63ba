package tool

import (
	"context"
	"sync"

	"github.com/hearth-agent/hearth/agent/llm"
)

type mediaKey struct{}

type mediaSlot struct {
	mu    sync.Mutex
	parts []llm.Part
}

// WithMedia gives ctx a place for the call run under it to attach images or
// documents to its result (Run returns only text); the returned function
// reads them.
func WithMedia(ctx context.Context) (context.Context, func() []llm.Part) {
	s := &mediaSlot{}
	return context.WithValue(ctx, mediaKey{}, s), func() []llm.Part {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.parts
	}
}

// AttachMedia adds parts to the result of the call run under ctx and reports
// whether anyone will send them (false: say so in text instead).
func AttachMedia(ctx context.Context, parts ...llm.Part) bool {
	s, ok := ctx.Value(mediaKey{}).(*mediaSlot)
	if !ok {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parts = append(s.parts, parts...)
	return true
}

type visionKey struct{}

// Vision says what the model under ctx can see: the wire whose limits an
// image must fit ("anthropic" or "openai"), or "" when it cannot see images.
type Vision struct{ Wire string }

// WithVision tells the tools run under ctx that the model can see images.
func WithVision(ctx context.Context, v Vision) context.Context {
	return context.WithValue(ctx, visionKey{}, v)
}

// VisionOf is the model's vision; ok is false when it cannot see images.
func VisionOf(ctx context.Context) (Vision, bool) {
	v, ok := ctx.Value(visionKey{}).(Vision)
	return v, ok && v.Wire != ""
}
