package app

import (
	"encoding/json"
	"errors"

	"github.com/hearth-agent/hearth/agent/provider/probe"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/settings"
)

// ErrorView is what a failed bound call rejects with in JS: a stable code
// the UI branches on and a message for people.
type ErrorView struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// Error codes.
const (
	CodeKeychainUnavailable = "keychain_unavailable"
	CodeKeychainTimeout     = "keychain_timeout"
	CodeInvalid             = "invalid"
	CodeInternal            = "internal"
)

// FormatError is the Wails ErrorFormatter. Wails v2's runtime wraps the
// rejection in `new Error(value)`, which would turn an object into
// "[object Object]", so the view travels as a JSON string that the
// frontend bridge decodes.
func FormatError(err error) any {
	b, mErr := json.Marshal(errorView(err))
	if mErr != nil {
		return err.Error()
	}
	return string(b)
}

func errorView(err error) ErrorView {
	var (
		unavailable *secrets.UnavailableError
		invalid     *settings.ValidationError
		probeErr    *probe.Error
	)
	switch {
	case errors.As(err, &unavailable):
		return ErrorView{Code: CodeKeychainUnavailable, Message: err.Error() + ". " + secrets.Help}
	case errors.Is(err, secrets.ErrTimeout):
		return ErrorView{Code: CodeKeychainTimeout, Message: err.Error() + ". " + secrets.Help}
	case errors.As(err, &invalid):
		return ErrorView{Code: CodeInvalid, Message: err.Error(), Field: invalid.Field}
	case errors.As(err, &probeErr):
		return ErrorView{Code: string(probeErr.Kind), Message: probeErr.Message}
	default:
		return ErrorView{Code: CodeInternal, Message: err.Error()}
	}
}

// invalidf builds a validation error for bound-call input.
func invalidf(field, reason string) error {
	return &settings.ValidationError{Field: field, Reason: reason}
}
