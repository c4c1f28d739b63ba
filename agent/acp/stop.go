package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/loop"
)

// StopReason is how a turn ended, as session/prompt answers: a stopped
// turn was cancelled, one that ran out of model calls (or went round in
// a loop) hit max_turn_requests, and a turn that failed otherwise is an
// error carrying the failure's (redacted) words; a model that declined
// (its provider said so) refused.
func StopReason(res loop.Result, failure *conversation.TurnError) (sdk.StopReason, error) {
	switch {
	case res.Stopped:
		return sdk.StopReasonCancelled, nil
	case res.Err == nil && res.Refused:
		return sdk.StopReasonRefusal, nil
	case res.Err == nil:
		return sdk.StopReasonEndTurn, nil
	}
	class := ""
	msg := "the turn failed"
	if failure != nil {
		class, msg = failure.Class, failure.Message
	}
	switch class {
	case string(loop.ClassMaxIterations), string(loop.ClassToolLoop):
		return sdk.StopReasonMaxTurnRequests, nil
	}
	return "", sdk.NewInternalError(map[string]any{"error": msg, "class": class})
}
