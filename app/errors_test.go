package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/hearth-agent/hearth/agent/provider/probe"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/settings"
)

func TestFormatError(t *testing.T) {
	tests := []struct {
		err       error
		wantCode  string
		wantField string
	}{
		{fmt.Errorf("saving: %w", &secrets.UnavailableError{Cause: errors.New("no dbus")}), CodeKeychainUnavailable, ""},
		{fmt.Errorf("saving: %w", secrets.ErrTimeout), CodeKeychainTimeout, ""},
		{&settings.ValidationError{Field: "temperature", Reason: "bad"}, CodeInvalid, "temperature"},
		{&probe.Error{Kind: probe.KindBadKey, Message: "rejected"}, "bad_key", ""},
		{errors.New("boom"), CodeInternal, ""},
	}
	for _, tt := range tests {
		s, ok := FormatError(tt.err).(string)
		if !ok {
			t.Fatalf("FormatError returned %T, want a JSON string", FormatError(tt.err))
		}
		var v ErrorView
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatalf("not JSON: %s", s)
		}
		if v.Code != tt.wantCode || v.Field != tt.wantField || v.Message == "" {
			t.Errorf("%v → %+v, want code %s field %q", tt.err, v, tt.wantCode, tt.wantField)
		}
	}
}
