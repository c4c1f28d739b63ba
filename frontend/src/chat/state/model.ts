// The chat's shapes: turns as the view shows them, and the actions the
// reducer in state.ts takes.
import type { AttachmentRef } from "./attachments";
import type { Skipped } from "../../bridge/guard";
import type { Allowance, ApprovalRequest, ChatEvent, FileChange, ToolStatus, Usage } from "../../bridge/protocol";
import type { ElicitationResolved, HookRan, TodoItem } from "../../bridge/protocol.gen";

/** A hook command that ran, as its transcript row shows it. */
export type HookRun = Pick<HookRan, "event" | "command" | "exitCode" | "durationMs" | "output" | "problem" | "blocked">;

export type ToolState = "running" | ToolStatus;

export interface ToolCall {
  callId: string;
  name: string;
  args: unknown;
  state: ToolState;
  /** the last part of the live output while running */
  tail: string;
  output: string;
  /** what the call did in one line (null for rows stored before summaries) */
  summary: string | null;
  /** a command's non-zero exit code */
  exitCode: number | null;
  /** what let the call run without asking anyone, if anything did */
  allowedBy: Allowance | null;
  durationMs: number | null;
}

export type Decision = "allow_once" | "allow_session" | "allow_server" | "allow_domain_always" | "deny";

export interface Approval extends ApprovalRequest {
  /** set once the backend confirms it; "answered" when it did not say how */
  decision: Decision | "answered" | null;
  /** what the user chose, while the backend has not confirmed it */
  answered: Decision | null;
}

/** How an MCP elicitation ended. */
export type ElicitOutcome = ElicitationResolved["action"];

/** A server's question as its card shows it. */
export interface ElicitQuestion {
  requestId: string;
  callId: string;
  server: string;
  message: string;
  schema: unknown;
  /** how it ended, once the backend says */
  outcome: ElicitOutcome | null;
}

/** A plan waiting for the person: approve it into a mode or keep planning. */
export interface ProposedPlan {
  callId: string;
  markdown: string;
}

/** One row of a subagent's transcript. */
export interface SubagentRow {
  toolCallId: string;
  name: string;
  args: unknown;
  state: "running" | "succeeded" | "failed" | "denied" | "canceled";
  output: string;
}

/** A task call's subagent: its live status and its own transcript. */
export interface SubagentRun {
  agent: string;
  description: string;
  rows: SubagentRow[];
  /** the final answer, or the error, once it ended */
  answer: string | null;
  failed: boolean;
  /** tokens its responses used */
  inputTokens: number;
  outputTokens: number;
  /** what its responses cost, null once one's cost was unknown */
  cost: number | null;
}

/** The visible pieces of an answer, in the order they happened. */
export type Part =
  | { kind: "text"; text: string }
  | { kind: "tool"; callId: string }
  | { kind: "approval"; requestId: string }
  | { kind: "compacted"; how: string; before: number; after: number }
  | { kind: "hook"; hook: HookRun }
  | { kind: "elicitation"; question: ElicitQuestion };

/** paused: queued, held back by Stop until Resume */
export type TurnStatus = "queued" | "paused" | "running" | "done" | "stopped" | "error";

export interface Retry {
  class: string;
  attempt: number;
  delayMs: number;
  /** local clock when the notice arrived, to count down from */
  at: number;
}

export interface Turn {
  turnId: string;
  prompt: string;
  /** what the model was sent for a slash command, when it differs from the prompt typed */
  expansion?: string;
  startedAt: number | null;
  status: TurnStatus;
  parts: Part[];
  reasoning: string;
  tools: Record<string, ToolCall>;
  approvals: Record<string, Approval>;
  usage: Usage;
  /** tokens in the model's context after the latest response, and its window (0: unknown) */
  context: { tokens: number; window: number } | null;
  cost: number | null;
  elapsedMs: number | null;
  iterations: number;
  error: { class: string; message: string; billingUrl?: string } | null;
  retry: Retry | null;
  /** MCP servers the turn waits for before its first request, while it waits */
  mcpWaiting?: string[] | null;
  /** the turn waits for one of the project's running turns to end (conversations.maxRunning) */
  slotWaiting?: boolean;
  /** files the turn changed, for Undo turn */
  changed: string[];
  /** per-file line counts and diffs of changed, when the backend sent them */
  changeStats: FileChange[];
  /** the turn's changes are undone (Redo offered) */
  undone: boolean;
  /** which version of the turn this is (regenerated or edited), when it has more than one */
  versions?: { n: number; of: number };
  /** next sequence number the turn can apply */
  nextSeq: number;
  /** events that arrived ahead of a gap, by seq */
  early: Record<number, Incoming>;
  /** the plan a plan-mode turn proposed */
  plan?: ProposedPlan;
  /** each task call's subagent, by the call's id */
  subagents?: Record<string, SubagentRun>;
  /** the conversation's todo list as this turn last changed it */
  todos?: TodoItem[];
  /** images and PDFs sent with the prompt */
  attachments?: AttachmentRef[];
}

export interface ChatState {
  order: string[];
  turns: Record<string, Turn>;
}

export type ChatAction =
  | { type: "events"; events: Incoming[]; now: number }
  | { type: "sent"; turnId: string; prompt: string; queued: boolean; attachments?: AttachmentRef[] }
  /** the user answered an approval, or (null) sending the answer failed */
  | { type: "answered"; requestId: string; decision: Decision | null }
  | { type: "reset" }
  /** replace everything with a stored conversation */
  | { type: "load"; state: ChatState }
  /** from and every turn after it were replaced by turnId (regenerate, edit-and-resend) */
  | { type: "replaced"; from: string; turnId: string; prompt: string; queued: boolean; version?: number; versions?: number }
  | { type: "undone"; turnId: string; undone: boolean }
  /** Stop held the queued prompts back (paused), Resume let them go (resumed), one was dropped (removed) */
  | { type: "paused" }
  | { type: "resumed" }
  | { type: "removed"; turnId: string };

/** What the reducer takes: events, and placeholders for malformed ones. */
export type Incoming = ChatEvent | Skipped;
