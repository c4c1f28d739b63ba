// The chat wire protocol: what the Go facade (app/chat_events.go) emits on
// the Wails event "chat" and what the bound chat methods return. Every event
// carries the turn it belongs to and a per-turn sequence number starting at
// 1, so the reducer can drop duplicates and re-order late arrivals.

export type ToolStatus = "succeeded" | "failed" | "denied" | "canceled";

export interface Usage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

interface Base {
  turnId: string;
  seq: number;
}

/** What a tool asks the user to approve (the approval_requested event). */
export interface ApprovalRequest {
  requestId: string;
  callId: string;
  tool: string;
  kind: "edit" | "shell" | "other";
  summary: string;
  /** the exact command (shell) or unified diff (edits) */
  detail: string;
}

export type ChatEvent =
  | (Base & { type: "turn_started"; prompt: string; startedAt: number })
  | (Base & { type: "text"; text: string })
  | (Base & { type: "reasoning"; text: string })
  | (Base & { type: "tool_started"; callId: string; name: string; args: unknown })
  | (Base & { type: "tool_progress"; callId: string; chunk: string })
  | (Base & { type: "tool_finished"; callId: string; name: string; status: ToolStatus; output: string; durationMs: number })
  | (Base & { type: "approval_requested" } & ApprovalRequest)
  // decision is absent when the backend does not know it (the broker only
  // reports that the request was answered).
  | (Base & { type: "approval_resolved"; requestId: string; decision?: "allow_once" | "allow_session" | "deny" })
  /** window: the model's context window in tokens, 0 when unknown */
  | (Base & { type: "usage"; usage: Usage; cost: number | null; window?: number })
  | (Base & { type: "retry"; class: string; attempt: number; delayMs: number })
  | (Base & { type: "compacted"; kind: string; before: number; after: number })
  | (Base & { type: "error"; class: string; message: string })
  /** the files the turn changed (sent before done when any changed); Undo turn applies */
  | (Base & { type: "changes"; files: string[]; stats?: FileChange[] })
  | (Base & {
      type: "done";
      text: string;
      iterations: number;
      elapsedMs: number;
      stopped: boolean;
      usage: Usage;
      cost: number | null;
    });

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

export type ApprovalDecision = { kind: "allow_once" } | { kind: "allow_session" } | { kind: "deny"; note: string };

/** What a turn did to one file: line counts and the diff (none for binary files). */
export interface FileChange {
  path: string;
  created?: boolean;
  deleted?: boolean;
  added: number;
  removed: number;
  diff?: string;
  binary?: boolean;
}
