// Code generated from agent/conversation/protocol.go by its test; DO NOT EDIT.
// Run `go generate ./agent/conversation` after changing the Go side.

/**
 * Header is on every event: the turn and a per-turn sequence number
 * starting at 1, so the reducer can drop duplicates and re-order late
 * arrivals.
 */
export interface Header {
  turnId: string;
  seq: number;
}

/**
 * Usage is the tokens one response or a whole turn used.
 */
export interface Usage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

/**
 * ApprovalRequest is what a tool asks the user to approve.
 */
export interface ApprovalRequest {
  requestId: string;
  callId: string;
  tool: string;
  kind: "edit" | "shell" | "other";
  summary: string;
  /**
   * Headline says in plain words what the call will do; Summary is why
   * the policy asks.
   */
  headline?: string;
  /**
   * Detail is the exact command (shell) or unified diff (edits).
   */
  detail: string;
  /**
   * Agent names the subagent asking; absent for the main agent.
   */
  agent?: string;
  /**
   * Server names an MCP tool's server, whose every tool the decision
   * "allow_server" allows for the session.
   */
  server?: string;
  /**
   * Domain is the host a web_fetch reads, which the decision
   * "allow_domain_always" lets it read without asking from now on.
   */
  domain?: string;
}

/**
 * FileChange is what a turn did to one file: line counts and the diff
 * (none for binary files).
 */
export interface FileChange {
  path: string;
  created?: boolean;
  deleted?: boolean;
  added: number;
  removed: number;
  diff?: string;
  binary?: boolean;
  /**
   * Errors and Warnings are what the file's language server last
   * reported on it when the turn ended; absent when none reports.
   */
  errors?: number;
  warnings?: number;
}

/**
 * Allowance says what let a call run without asking: a saved rule, the
 * approval mode, a grant made earlier in this conversation, or the command
 * being judged read-only, or a PreToolUse hook. Detail is the rule's pattern
 * or the mode's name.
 */
export interface Allowance {
  by: "rule" | "mode" | "session" | "read-only" | "hook";
  detail?: string;
}

/**
 * TurnStarted opens a turn. Sent is what the model is sent when it is not
 * the prompt as typed (a slash command's expansion, a hook's context); it
 * comes in a second TurnStarted once known, since a command's shell lines
 * run as the turn's first tool calls.
 */
export interface TurnStarted extends Header {
  type: "turn_started";
  prompt: string;
  sent?: string;
  startedAt: number;
}

/**
 * Text is streamed answer text.
 */
export interface Text extends Header {
  type: "text";
  text: string;
}

/**
 * Reasoning is streamed reasoning text.
 */
export interface Reasoning extends Header {
  type: "reasoning";
  text: string;
}

/**
 * ToolStarted announces a tool call and its arguments.
 */
export interface ToolStarted extends Header {
  type: "tool_started";
  callId: string;
  name: string;
  args: unknown;
}

/**
 * ToolProgress is a piece of a running call's live output.
 */
export interface ToolProgress extends Header {
  type: "tool_progress";
  callId: string;
  chunk: string;
}

/**
 * ToolFinished ends a tool call. ExitCode is set when the call ran a
 * command that exited non-zero (the call then failed); DurationMs is the
 * call's measured time; Summary says what the call did in one line;
 * AllowedBy is set when the call ran without anyone being asked.
 */
export interface ToolFinished extends Header {
  type: "tool_finished";
  callId: string;
  name: string;
  status: "succeeded" | "failed" | "denied" | "canceled";
  output: string;
  summary: string;
  exitCode?: number;
  allowedBy?: Allowance;
  durationMs: number;
}

/**
 * ApprovalRequested asks the user to approve a tool's action.
 */
export interface ApprovalRequested extends Header, ApprovalRequest {
  type: "approval_requested";
}

/**
 * ApprovalResolved ends a request; Decision is empty when it is not known
 * (the turn was stopped while the request waited).
 */
export interface ApprovalResolved extends Header {
  type: "approval_resolved";
  requestId: string;
  decision?: "allow_once" | "allow_session" | "deny";
}

/**
 * ElicitationRequested asks the person for input an MCP server wants while
 * one of its tools runs; the front-end builds a form from Schema, a flat
 * JSON Schema object, and answers with App.AnswerElicitation.
 */
export interface ElicitationRequested extends Header {
  type: "elicitation_requested";
  requestId: string;
  callId: string;
  server: string;
  message: string;
  schema: unknown;
}

/**
 * ElicitationResolved ends an elicitation with the person's action (cancel
 * also when the turn was stopped while it waited).
 */
export interface ElicitationResolved extends Header {
  type: "elicitation_resolved";
  requestId: string;
  action: "accept" | "decline" | "cancel";
}

/**
 * UsageReported is what one response used; Window is the model's context
 * window in tokens, 0 when unknown (optional in TypeScript: the reducer
 * reads a missing window as unknown too).
 */
export interface UsageReported extends Header {
  type: "usage";
  usage: Usage;
  cost: number | null;
  window?: number;
}

/**
 * Retry says the provider failed and the request will be sent again.
 */
export interface Retry extends Header {
  type: "retry";
  class: string;
  attempt: number;
  delayMs: number;
}

/**
 * Compacted says the history was shortened to fit the context window.
 */
export interface Compacted extends Header {
  type: "compacted";
  kind: string;
  before: number;
  after: number;
}

/**
 * HookRan is a hook command that ran (agent/hooks): its event, command,
 * exit code (-1 when it did not exit by itself), time and output; Problem
 * is a timeout, a failure to start or invalid JSON, never silent.
 */
export interface HookRan extends Header {
  type: "hook";
  event: string;
  command: string;
  exitCode: number;
  durationMs: number;
  output: string;
  problem?: string;
  blocked?: boolean;
}

/**
 * TurnError is a failed turn's class and redacted message.
 */
export interface TurnError extends Header {
  type: "error";
  class: string;
  message: string;
  /**
   * BillingURL is where to add credit when the key has none (class quota).
   */
  billingUrl?: string;
}

/**
 * Changes lists the files the turn changed, sent before done when any
 * changed; Stats is absent when line counts could not be computed.
 */
export interface Changes extends Header {
  type: "changes";
  files: string[];
  stats?: FileChange[];
}

/**
 * Done ends a turn.
 */
export interface Done extends Header {
  type: "done";
  text: string;
  iterations: number;
  elapsedMs: number;
  stopped: boolean;
  usage: Usage;
  cost: number | null;
  /**
   * SubagentUsage is the part of Usage the turn's subagents used.
   */
  subagentUsage?: Usage;
}

/**
 * Plan is the plan the model proposed in plan mode, for the person to
 * approve (into a mode) or answer with feedback.
 */
export interface Plan extends Header {
  type: "plan";
  callId: string;
  markdown: string;
}

/**
 * TodoItem is one step of the conversation's todo list.
 */
export interface TodoItem {
  content: string;
  status: "pending" | "in_progress" | "completed";
}

/**
 * Todos is the conversation's todo list after a change: the model's todo
 * call, or an approved plan's steps (sent as the turn carrying it out
 * starts).
 */
export interface Todos extends Header {
  type: "todos";
  items: TodoItem[];
}

/**
 * SubagentStep is one step of a subagent's own transcript, nested under
 * the task call (CallID) that runs it: a tool call starting or ending
 * (ToolCallID, Name, Args, Status, Output), what a response used, or the
 * end with its final Text.
 */
export interface SubagentStep extends Header {
  type: "subagent";
  callId: string;
  agent: string;
  description: string;
  step: "tool_started" | "tool_finished" | "usage" | "error" | "done";
  toolCallId?: string;
  name?: string;
  args?: unknown;
  status?: string;
  output?: string;
  text?: string;
  usage?: Usage;
  cost?: number;
}

/**
 * MCPWaiting says the turn waits for MCP servers still connecting, so their
 * tools are offered from its first request; one with Done ends the wait
 * (Servers then names those still connecting, whose tools join the turn
 * when they connect).
 */
export interface MCPWaiting extends Header {
  type: "mcp_waiting";
  servers: string[];
  done?: boolean;
}

/**
 * SlotWaiting says the turn waits for one of the project's running turns
 * to end, since as many run as the person allows; one with Done ends the
 * wait.
 */
export interface SlotWaiting extends Header {
  type: "slot_waiting";
  done?: boolean;
}

/**
 * ChatEvent is every event of the chat protocol: the union the TypeScript
 * reducer switches over (Go code uses Event).
 */
export type ChatEvent =
  | TurnStarted
  | Text
  | Reasoning
  | ToolStarted
  | ToolProgress
  | ToolFinished
  | ApprovalRequested
  | ApprovalResolved
  | UsageReported
  | Retry
  | Compacted
  | HookRan
  | TurnError
  | Changes
  | Done
  | Plan
  | SubagentStep
  | Todos
  | ElicitationRequested
  | ElicitationResolved
  | MCPWaiting
  | SlotWaiting;
