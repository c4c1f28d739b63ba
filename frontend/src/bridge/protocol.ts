// The chat wire protocol: what the Go side emits on the Wails event "chat"
// (generated from agent/conversation/protocol.go into protocol.gen.ts) and
// what the bound chat methods return. Every event carries the turn it
// belongs to and a per-turn sequence number starting at 1, so the reducer
// can drop duplicates and re-order late arrivals.

import type { app } from "../../wailsjs/go/models";
import type { ToolFinished } from "./protocol.gen";
import type { Wire } from "./wire";

export type { Allowance, ApprovalRequest, ChatEvent, FileChange, Usage } from "./protocol.gen";

export type ToolStatus = ToolFinished["status"];

export type WorkspaceView = Wire<app.WorkspaceView>;

/** queued: a turn was running and this prompt waits behind it. */
export type SendResult = Wire<app.SendResult>;

/** What UndoTurn / RedoTurn did; conflicts changed since and were left alone. */
export type UndoReport = Wire<app.UndoReport>;

export type ApprovalDecision = { kind: "allow_once" } | { kind: "allow_session" } | { kind: "allow_server" } | { kind: "allow_domain_always" } | { kind: "deny"; note: string };
