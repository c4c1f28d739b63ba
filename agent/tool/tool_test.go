package tool

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestStatusOf(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want Status
	}{
		{"nil", context.Background(), nil, StatusSucceeded},
		{"exit code", context.Background(), fmt.Errorf("shell: %w", &ExitError{Code: 1}), StatusFailed},
		{"denied", context.Background(), &DeniedError{Reason: "rule"}, StatusDenied},
		{"canceled", canceled, errors.New("killed"), StatusCanceled},
		{"other", context.Background(), errors.New("boom"), StatusFailed},
	}
	for _, tt := range tests {
		if got := StatusOf(tt.ctx, tt.err); got != tt.want {
			t.Errorf("%s: StatusOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestExitCode(t *testing.T) {
	if code, ok := ExitCode(fmt.Errorf("wrapped: %w", &ExitError{Code: 3})); !ok || code != 3 {
		t.Errorf("ExitCode = %d, %v; want 3, true", code, ok)
	}
	if _, ok := ExitCode(errors.New("no")); ok {
		t.Error("ExitCode of a plain error reported a code")
	}
}
