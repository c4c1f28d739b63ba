package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/permission"
)

// The permission options Hearth offers, named by the decision each is.
const (
	optAllowOnce = string(permission.AllowOnce)
	optAllowAll  = string(permission.AllowSession)
	optReject    = string(permission.Reject)
)

// PermissionRequest is a Hearth approval request as session/request_permission:
// allow once, allow always (Hearth's grant for the session) or reject.
func PermissionRequest(sid sdk.SessionId, r conversation.ApprovalRequest) sdk.RequestPermissionRequest {
	title := r.Headline
	if title == "" {
		title = r.Summary
	}
	kind := sdk.ToolKindOther
	switch r.Kind {
	case "edit":
		kind = sdk.ToolKindEdit
	case "shell":
		kind = sdk.ToolKindExecute
	}
	tc := sdk.ToolCallUpdate{ToolCallId: sdk.ToolCallId(r.CallID), Title: &title, Kind: &kind,
		Status: sdk.Ptr(sdk.ToolCallStatusPending)}
	if r.Detail != "" && r.Kind != "edit" { // an edit's diff is on its tool call already
		tc.Content = []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(r.Detail))}
	}
	return sdk.RequestPermissionRequest{
		SessionId: sid,
		ToolCall:  tc,
		Options: []sdk.PermissionOption{
			{OptionId: sdk.PermissionOptionId(optAllowOnce), Name: "Allow once", Kind: sdk.PermissionOptionKindAllowOnce},
			{OptionId: sdk.PermissionOptionId(optAllowAll), Name: "Allow for this session", Kind: sdk.PermissionOptionKindAllowAlways},
			{OptionId: sdk.PermissionOptionId(optReject), Name: "Reject", Kind: sdk.PermissionOptionKindRejectOnce},
		},
	}
}

// Decision is the answer to a permission request as conv.Approve takes
// it: a decision and the note the model sees with a denial.
func Decision(o sdk.RequestPermissionOutcome) (decision, note string) {
	if o.Selected != nil {
		switch id := string(o.Selected.OptionId); id {
		case optAllowOnce, optAllowAll:
			return id, ""
		}
		return optReject, "rejected in the editor"
	}
	return optReject, "the editor cancelled the request"
}
