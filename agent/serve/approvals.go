package serve

import (
	"errors"
	"sync"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// ApprovalSink is a person who answers what the approval mode does not
// allow (the desktop's approval cards), instead of it being denied.
type ApprovalSink interface {
	Requested(*conversation.ApprovalRequested)
	Resolved(*conversation.ApprovalResolved)
}

// ErrUnknownApproval means no running turn waits on that request.
var ErrUnknownApproval = errors.New("no served turn waits on this approval request; it was answered or its turn ended")

// approvals routes each open request to the conversation that asked it.
type approvals struct {
	mu      sync.Mutex
	pending map[string]*conversation.Conversation
}

// Approve answers a request of a served turn: allow_once, allow_session or
// deny (with a note the model sees).
func (s *Server) Approve(requestID, decision, note string) error {
	s.approvals.mu.Lock()
	conv := s.approvals.pending[requestID]
	s.approvals.mu.Unlock()
	if conv == nil {
		return ErrUnknownApproval
	}
	return conv.Approve(requestID, decision, note)
}

// sink takes what a served conversation reports outside the loop's events
// (which the responder reads directly): approvals, when a person answers
// them, and notices.
type sink struct {
	s    *Server
	conv *conversation.Conversation
}

func (k *sink) Emit(e conversation.Event) {
	ask := k.s.cfg.Approvals
	if ask == nil {
		return
	}
	a := &k.s.approvals
	switch e := e.(type) {
	case *conversation.ApprovalRequested:
		a.mu.Lock()
		a.pending[e.RequestID] = k.conv
		a.mu.Unlock()
		ask.Requested(e)
	case *conversation.ApprovalResolved:
		a.mu.Lock()
		delete(a.pending, e.RequestID)
		a.mu.Unlock()
		ask.Resolved(e)
	}
}

func (k *sink) SessionsChanged() {}
func (k *sink) Notice(err error) { k.s.cfg.Logf("hearth serve: %v", err) }
