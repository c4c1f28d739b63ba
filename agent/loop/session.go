package loop

import (
	"context"
	"sync"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Session is one conversation: its history, the running turn, and the
// messages the user queued while it ran.
type Session struct {
	agent *Agent

	mu      sync.Mutex
	history []llm.Message
	running bool
	queue   []string
	stop    context.CancelFunc
}

// NewSession starts a conversation from history (nil for a new one).
func NewSession(a *Agent, history []llm.Message) *Session {
	return &Session{agent: a, history: history}
}

// Send runs prompt as a turn. When a turn is already running the prompt is
// queued and Send returns at once with queued true; the running Send runs
// queued prompts, in order, after its own turn, before returning.
func (s *Session) Send(ctx context.Context, prompt string, emit func(Event)) (results []Result, queued bool) {
	s.mu.Lock()
	if s.running {
		s.queue = append(s.queue, prompt)
		s.mu.Unlock()
		return nil, true
	}
	s.running = true
	s.mu.Unlock()
	for {
		s.mu.Lock()
		tctx, cancel := context.WithCancel(ctx)
		s.stop = cancel
		history := s.history
		s.mu.Unlock()

		r := s.agent.Run(tctx, history, prompt, emit)
		cancel()
		results = append(results, r)

		s.mu.Lock()
		s.history = r.Messages
		s.stop = nil
		if len(s.queue) == 0 || ctx.Err() != nil {
			s.running = false
			s.mu.Unlock()
			return results, false
		}
		prompt, s.queue = s.queue[0], s.queue[1:]
		s.mu.Unlock()
	}
}

// Stop cancels the running turn, if any. Queued prompts still run after it.
func (s *Session) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop != nil {
		s.stop()
	}
}

// History returns the conversation so far.
func (s *Session) History() []llm.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]llm.Message(nil), s.history...)
}
