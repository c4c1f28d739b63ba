// The chat wire protocol: what the Go side emits on the Wails event "chat"
// (generated from agent/conversation/protocol.go into protocol.gen.ts) and
// what the bound chat methods return. Every event carries the turn it
// belongs to and a per-turn sequence number starting at 1, so the reducer
// can drop duplicates and re-order late arrivals.

import type { ToolFinished } from "./protocol.gen";

export type { Allowance, ApprovalRequest, ChatEvent, FileChange, Usage } from "./protocol.gen";

export type ToolStatus = ToolFinished["status"];

export interface WorkspaceView {
  path: string;
  name: string;
}

export interface SendResult {
  turnId: string;
  /** true when a turn was running and this prompt waits behind it */
  queued: boolean;
}

/** What UndoTurn / RedoTurn did; conflicts changed since and were left alone. */
export interface UndoReport {
  restored: string[];
  deleted: string[];
  conflicts: string[];
}

export type ApprovalDecision = { kind: "allow_once" } | { kind: "allow_session" } | { kind: "allow_server" } | { kind: "deny"; note: string };
