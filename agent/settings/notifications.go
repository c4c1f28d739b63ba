package settings

// Notifications are the desktop notifications' choices; the zero value
// notifies every kind, without details.
type Notifications struct {
	FinishedOff bool `json:"finishedOff,omitempty"`
	FailedOff   bool `json:"failedOff,omitempty"`
	// NeedsYouOff silences approvals, questions and plans.
	NeedsYouOff bool `json:"needsYouOff,omitempty"`
	// Details adds the command, question or error to the message, which
	// otherwise names only the conversation and the kind of wait.
	Details bool `json:"details,omitempty"`
}
