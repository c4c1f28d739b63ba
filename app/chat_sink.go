package app

import (
	"errors"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// ChatEventName is the Wails event the chat stream is emitted on; the
// payloads are the events of agent/conversation (protocol.go).
const ChatEventName = "chat"

// sink sends what the conversation reports to the webview.
type sink struct{ a *App }

func (s sink) Emit(e conversation.Event) {
	s.a.emit(ChatEventName, e)
	s.a.chatEvent(e)
}
func (s sink) Notice(err error) { s.a.emit("notice", FormatError(err)) }
func (s sink) SessionsChanged() { s.a.sessionsChanged() }

// viewErr maps what the conversation refuses onto the validation errors
// the frontend shows by field.
func viewErr(err error) error {
	var in *conversation.InputError
	if errors.As(err, &in) {
		return invalidf(in.Field, in.Reason)
	}
	return err
}
