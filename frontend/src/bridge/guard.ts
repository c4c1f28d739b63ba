// The boundary check for "chat" events: the payload comes from another
// process, so nothing reaches the reducer unless it has the shape
// protocol.ts promises.
import type { ChatEvent, FileChange, SendResult, ToolStatus, UndoReport, Usage, WorkspaceView } from "./protocol";

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (r: Rec, k: string) => typeof r[k] === "string";
const num = (r: Rec, k: string) => typeof r[k] === "number" && Number.isFinite(r[k]);
const bool = (r: Rec, k: string) => typeof r[k] === "boolean";
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const costOk = (r: Rec) => r.cost === null || num(r, "cost");

const toolStatuses: ReadonlySet<string> = new Set<ToolStatus>(["succeeded", "failed", "denied", "canceled"]);
const decisions: ReadonlySet<string> = new Set(["allow_once", "allow_session", "deny"]);
const todoStatuses: ReadonlySet<string> = new Set(["pending", "in_progress", "completed"]);
const elicitActions: ReadonlySet<string> = new Set(["accept", "decline", "cancel"]);
const approvalKinds: ReadonlySet<string> = new Set(["edit", "shell", "other"]);

function isUsage(v: unknown): v is Usage {
  return isRec(v) && num(v, "inputTokens") && num(v, "cachedInputTokens") && num(v, "outputTokens") && num(v, "reasoningTokens");
}

const allowances: ReadonlySet<string> = new Set(["rule", "mode", "session", "read-only", "hook"]);

function isAllowance(v: unknown): boolean {
  return isRec(v) && typeof v.by === "string" && allowances.has(v.by) && (v.detail === undefined || str(v, "detail"));
}

const checks: Record<ChatEvent["type"], (r: Rec) => boolean> = {
  turn_started: (r) => str(r, "prompt") && num(r, "startedAt"),
  text: (r) => str(r, "text"),
  reasoning: (r) => str(r, "text"),
  tool_started: (r) => str(r, "callId") && str(r, "name") && "args" in r,
  tool_progress: (r) => str(r, "callId") && str(r, "chunk"),
  tool_finished: (r) =>
    str(r, "callId") && str(r, "name") && typeof r.status === "string" && toolStatuses.has(r.status) && str(r, "output") &&
    str(r, "summary") && (r.exitCode === undefined || num(r, "exitCode")) && (r.allowedBy === undefined || isAllowance(r.allowedBy)) &&
    num(r, "durationMs"),
  approval_requested: (r) =>
    str(r, "requestId") && str(r, "callId") && str(r, "tool") && typeof r.kind === "string" && approvalKinds.has(r.kind) &&
    str(r, "summary") && str(r, "detail") && (r.headline === undefined || typeof r.headline === "string"),
  approval_resolved: (r) => str(r, "requestId") && (r.decision === undefined || (typeof r.decision === "string" && decisions.has(r.decision))),
  usage: (r) => isUsage(r.usage) && costOk(r) && (r.window === undefined || typeof r.window === "number"),
  retry: (r) => str(r, "class") && num(r, "attempt") && num(r, "delayMs"),
  compacted: (r) => str(r, "kind") && num(r, "before") && num(r, "after"),
  hook: (r) =>
    str(r, "event") && str(r, "command") && num(r, "exitCode") && num(r, "durationMs") && str(r, "output") &&
    (r.problem === undefined || str(r, "problem")) && (r.blocked === undefined || bool(r, "blocked")),
  error: (r) => str(r, "class") && str(r, "message"),
  changes: (r) => strings(r.files) && (r.stats === undefined || (Array.isArray(r.stats) && r.stats.every(isFileChange))),
  plan: (r) => str(r, "callId") && str(r, "markdown"),
  subagent: (r) => str(r, "callId") && str(r, "agent") && str(r, "step"),
  todos: (r) => Array.isArray(r.items) && r.items.every((i) => isRec(i) && str(i, "content") && typeof i.status === "string" && todoStatuses.has(i.status)),
  elicitation_requested: (r) => str(r, "requestId") && str(r, "callId") && str(r, "server") && str(r, "message") && "schema" in r,
  elicitation_resolved: (r) => str(r, "requestId") && typeof r.action === "string" && elicitActions.has(r.action),
  mcp_waiting: (r) => strings(r.servers) && (r.done === undefined || bool(r, "done")),
  slot_waiting: (r) => r.done === undefined || bool(r, "done"),
  done: (r) => str(r, "text") && num(r, "iterations") && num(r, "elapsedMs") && bool(r, "stopped") && isUsage(r.usage) && costOk(r),
};

/** A malformed event's place in its turn's sequence, so the turn is not stuck at the gap. */
export interface Skipped {
  type: "skipped";
  turnId: string;
  seq: number;
}

function hasPlace(v: unknown): v is Rec & { turnId: string; seq: number } {
  return isRec(v) && str(v, "turnId") && v.turnId !== "" && num(v, "seq") && Number.isInteger(v.seq) && (v.seq as number) >= 1;
}

/** isChatEvent reports whether a payload is a well-formed ChatEvent. */
export function isChatEvent(v: unknown): v is ChatEvent {
  if (!hasPlace(v)) return false;
  if (typeof v.type !== "string" || !Object.hasOwn(checks, v.type)) return false;
  return checks[v.type as ChatEvent["type"]](v);
}

/**
 * checkChatEvent returns the event when well-formed, a Skipped placeholder
 * when it is malformed but names its turn and seq, and null otherwise.
 */
export function checkChatEvent(v: unknown): ChatEvent | Skipped | null {
  if (isChatEvent(v)) return v;
  return hasPlace(v) ? { type: "skipped", turnId: v.turnId, seq: v.seq } : null;
}

/** isWorkspaceView checks a bound method's workspace result. */
export function isWorkspaceView(v: unknown): v is WorkspaceView {
  return isRec(v) && str(v, "path") && str(v, "name");
}

export function isSendResult(v: unknown): v is SendResult {
  return isRec(v) && str(v, "turnId") && v.turnId !== "" && bool(v, "queued");
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** isUndoReport checks UndoTurn / RedoTurn results (Go sends null for an empty list). */
export function isUndoReport(v: unknown): v is Nullable<UndoReport> {
  const list = (x: unknown) => x === null || strings(x);
  return isRec(v) && list(v.restored) && list(v.deleted) && list(v.conflicts);
}

export function isFileChange(v: unknown): v is FileChange {
  return (
    typeof v === "object" && v !== null && typeof (v as { path?: unknown }).path === "string" &&
    typeof (v as { added?: unknown }).added === "number" && typeof (v as { removed?: unknown }).removed === "number"
  );
}
