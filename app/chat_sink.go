package app

import (
	"errors"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// ChatEventName is the Wails event the chat stream is emitted on; the
// payloads are the events of agent/conversation (protocol.go).
const ChatEventName = "chat"

// ChatEnvelope is a chat event with the conversation it comes from.
type ChatEnvelope struct {
	Conversation string             `json:"conversationId"`
	Event        conversation.Event `json:"event"`
}

// sink sends what conversation conv reports to the webview.
type sink struct {
	a    *App
	conv string
}

func (s sink) Emit(e conversation.Event) {
	s.a.emit(ChatEventName, ChatEnvelope{Conversation: s.conv, Event: e})
	if s.a.board.observe(s.conv, e) {
		s.a.boardChanged()
	}
	s.a.chatEvent(s.conv, e)
	if _, done := e.(*conversation.Done); done {
		s.a.emit(TrustEventName, nil)
	}
}
func (s sink) Notice(err error) { s.a.emit("notice", FormatError(err)) }

// SessionsChanged also learns which session the conversation is saved to
// (it is called outside the conversation's lock).
func (s sink) SessionsChanged() {
	if c, err := s.a.conversation(s.conv); err == nil {
		s.a.board.stored(s.conv, c.SessionID())
		s.a.boardChanged()
	}
	s.a.sessionsChanged()
}

// viewErr maps what the conversation refuses onto the validation errors
// the frontend shows by field.
func viewErr(err error) error {
	var in *conversation.InputError
	if errors.As(err, &in) {
		return invalidf(in.Field, in.Reason)
	}
	return err
}
