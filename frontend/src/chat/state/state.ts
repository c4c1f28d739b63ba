// The chat's state: one pure reducer that applies the backend's events.
// Events are keyed by turn and per-turn sequence number: a duplicate is
// dropped, and an early arrival waits in the turn's buffer until the gap
// before it fills, so the view is always the in-order prefix of the stream.
import type { Approval, ChatAction, ChatState, Incoming, Part, ToolCall, Turn, TurnStatus } from "./model";
import { applyElicitation } from "./elicit";
import { applyPlan, applySubagent } from "./planning";
import type { Usage } from "../../bridge/protocol";

export type * from "./model";

export const initialState: ChatState = { order: [], turns: {} };

/** How much live tool output a running row keeps. */
export const TAIL_LIMIT = 2000;

const zeroUsage: Usage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0 };

function newTurn(turnId: string, prompt = "", status: TurnStatus = "running"): Turn {
  return {
    turnId, prompt, startedAt: null, status, parts: [], reasoning: "", tools: {}, approvals: {},
    usage: zeroUsage, context: null, cost: null, elapsedMs: null, iterations: 0, error: null, retry: null, changed: [], changeStats: [], undone: false,
    nextSeq: 1, early: {},
  };
}

function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
  };
}

function appendText(parts: Part[], text: string): Part[] {
  if (text === "") return parts;
  const last = parts[parts.length - 1];
  if (last?.kind === "text") return [...parts.slice(0, -1), { kind: "text", text: last.text + text }];
  return [...parts, { kind: "text", text }];
}

function tailOf(s: string): string {
  return s.length <= TAIL_LIMIT ? s : s.slice(s.length - TAIL_LIMIT);
}

function isTerminal(s: TurnStatus): boolean {
  return s === "done" || s === "stopped" || s === "error";
}

/** apply folds one in-order event into its turn. */
function apply(t: Turn, e: Incoming, now: number): Turn {
  if (e.type === "skipped") return t;
  // Any sign of progress ends a retry wait, and a wait for MCP servers.
  const waited = t.mcpWaiting && e.type !== "mcp_waiting" ? { ...t, mcpWaiting: null } : t;
  const base = e.type === "retry" ? waited : { ...waited, retry: null };
  switch (e.type) {
    case "turn_started":
      return {
        ...base, prompt: e.prompt, startedAt: e.startedAt, status: isTerminal(t.status) ? t.status : "running",
        ...(e.sent ? { expansion: e.sent } : {}),
      };
    case "text":
      return { ...base, status: isTerminal(t.status) ? t.status : "running", parts: appendText(t.parts, e.text) };
    case "reasoning":
      return { ...base, reasoning: t.reasoning + e.text };
    case "tool_started": {
      const call: ToolCall = { callId: e.callId, name: e.name, args: e.args, state: "running", tail: "", output: "", summary: null, exitCode: null, allowedBy: null, durationMs: null };
      const seen = e.callId in t.tools;
      return { ...base, tools: { ...t.tools, [e.callId]: call }, parts: seen ? t.parts : [...t.parts, { kind: "tool", callId: e.callId }] };
    }
    case "tool_progress": {
      const call = t.tools[e.callId];
      if (!call || call.state !== "running") return base;
      return { ...base, tools: { ...t.tools, [e.callId]: { ...call, tail: tailOf(call.tail + e.chunk) } } };
    }
    case "tool_finished": {
      const prev = t.tools[e.callId];
      const call: ToolCall = {
        callId: e.callId, name: e.name, args: prev?.args ?? {}, state: e.status, tail: "", output: e.output, summary: e.summary,
        exitCode: e.exitCode ?? null, allowedBy: e.allowedBy ?? null, durationMs: e.durationMs,
      };
      const parts: Part[] = prev ? t.parts : [...t.parts, { kind: "tool", callId: e.callId }];
      return { ...base, tools: { ...t.tools, [e.callId]: call }, parts };
    }
    case "approval_requested": {
      const a: Approval = {
        requestId: e.requestId, callId: e.callId, tool: e.tool, kind: e.kind, summary: e.summary, detail: e.detail,
        ...(e.headline ? { headline: e.headline } : {}),
        ...(e.agent ? { agent: e.agent } : {}),
        // An MCP tool's server: its card offers to allow all of the server's tools.
        ...(e.server ? { server: e.server } : {}),
        decision: null, answered: null,
      };
      return { ...base, approvals: { ...t.approvals, [e.requestId]: a }, parts: [...t.parts, { kind: "approval", requestId: e.requestId }] };
    }
    case "approval_resolved": {
      const a = t.approvals[e.requestId];
      if (!a) return base;
      const decision = e.decision ?? a.answered ?? "answered";
      return { ...base, approvals: { ...t.approvals, [e.requestId]: { ...a, decision, answered: null } } };
    }
    case "usage": {
      // One usage event follows every model response: totals are sums, and
      // the cost is known only while every response's cost was.
      const first = t.iterations === 0;
      const cost = e.cost === null || (!first && t.cost === null) ? null : (t.cost ?? 0) + e.cost;
      const context = { tokens: e.usage.inputTokens + e.usage.outputTokens, window: e.window ?? 0 };
      return { ...base, usage: addUsage(t.usage, e.usage), context, cost, iterations: t.iterations + 1 };
    }
    case "retry":
      return { ...base, retry: { class: e.class, attempt: e.attempt, delayMs: e.delayMs, at: now } };
    case "mcp_waiting":
      return { ...base, mcpWaiting: e.done || e.servers.length === 0 ? null : e.servers };
    case "slot_waiting":
      return { ...base, slotWaiting: !e.done };
    case "compacted":
      return { ...base, parts: [...t.parts, { kind: "compacted", how: e.kind, before: e.before, after: e.after }] };
    case "hook": {
      const hook = { event: e.event, command: e.command, exitCode: e.exitCode, durationMs: e.durationMs, output: e.output, problem: e.problem, blocked: e.blocked };
      return { ...base, parts: [...t.parts, { kind: "hook", hook }] };
    }
    case "error":
      return { ...base, error: { class: e.class, message: e.message, billingUrl: e.billingUrl }, status: "error" };
    case "changes":
      return { ...base, changed: e.files, changeStats: e.stats ?? [] };
    case "plan":
      return applyPlan(base, e);
    case "subagent":
      return applySubagent(base, e);
    case "todos":
      return { ...base, todos: e.items };
    case "elicitation_requested":
    case "elicitation_resolved":
      return applyElicitation(base, e);
    case "done": {
      // A model that did not stream still has its answer in done.text.
      const streamed = t.parts.some((p) => p.kind === "text");
      const parts = streamed ? t.parts : appendText(t.parts, e.text);
      const status: TurnStatus = e.stopped ? "stopped" : t.error ? "error" : "done";
      const tools = settleTools(t.tools);
      return { ...base, parts, tools, status, elapsedMs: e.elapsedMs, iterations: e.iterations, usage: e.usage, cost: e.cost };
    }
  }
}

// A call still running when the turn ends was cut off with it.
function settleTools(tools: Record<string, ToolCall>): Record<string, ToolCall> {
  let out = tools;
  for (const [id, c] of Object.entries(tools)) {
    if (c.state === "running") {
      if (out === tools) out = { ...tools };
      out[id] = { ...c, state: "canceled", output: c.tail, tail: "" };
    }
  }
  return out;
}

/** receive takes one event in any order and applies every event now in sequence. */
function receive(t: Turn, e: Incoming, now: number): Turn {
  if (e.seq < t.nextSeq || e.seq in t.early) return t;
  if (e.seq > t.nextSeq) return { ...t, early: { ...t.early, [e.seq]: e } };
  let turn = apply(t, e, now);
  let next = e.seq + 1;
  for (let held = t.early[next]; held !== undefined; held = t.early[next]) {
    turn = apply(turn, held, now);
    next++;
  }
  const early = next === e.seq + 1 ? t.early : Object.fromEntries(Object.entries(t.early).filter(([k]) => Number(k) >= next));
  return { ...turn, nextSeq: next, early };
}

function withTurn(s: ChatState, turnId: string, make: () => Turn): [ChatState, Turn] {
  const t = s.turns[turnId];
  if (t) return [s, t];
  const fresh = make();
  return [{ order: [...s.order, turnId], turns: { ...s.turns, [turnId]: fresh } }, fresh];
}

export function chatReducer(s: ChatState, a: ChatAction): ChatState {
  switch (a.type) {
    case "events": {
      if (a.events.length === 0) return s;
      const added: string[] = [];
      const turns = { ...s.turns };
      for (const e of a.events) {
        let t = turns[e.turnId];
        if (!t) {
          t = newTurn(e.turnId);
          added.push(e.turnId);
        }
        turns[e.turnId] = receive(t, e, a.now);
      }
      return { order: added.length > 0 ? [...s.order, ...added] : s.order, turns };
    }
    case "sent": {
      const [s2, t] = withTurn(s, a.turnId, () => newTurn(a.turnId, a.prompt, a.queued ? "queued" : "running"));
      const atts = a.attachments?.length ? { attachments: a.attachments } : {};
      if (t.prompt !== "" && !a.attachments?.length) return s2;
      return { ...s2, turns: { ...s2.turns, [a.turnId]: { ...t, prompt: t.prompt || a.prompt, ...atts } } };
    }
    case "answered": {
      for (const t of Object.values(s.turns)) {
        const ap = t.approvals[a.requestId];
        if (ap) {
          return { ...s, turns: { ...s.turns, [t.turnId]: { ...t, approvals: { ...t.approvals, [a.requestId]: { ...ap, answered: a.decision } } } } };
        }
      }
      return s;
    }
    case "reset":
      return initialState;
    case "load":
      return a.state;
    case "replaced": {
      const at = s.order.indexOf(a.from);
      const kept = at < 0 ? s : (() => {
        const order = s.order.slice(0, at);
        const turns = Object.fromEntries(order.map((id) => [id, s.turns[id]]).filter((e): e is [string, Turn] => e[1] !== undefined));
        return { order, turns };
      })();
      const s2 = chatReducer(kept, { type: "sent", turnId: a.turnId, prompt: a.prompt, queued: a.queued });
      const t = s2.turns[a.turnId];
      // The new turn is the newest of its versions; the older ones stay behind the switcher.
      if (!t || !a.versions || a.versions < 2 || !a.version) return s2;
      return { ...s2, turns: { ...s2.turns, [a.turnId]: { ...t, versions: { n: a.version, of: a.versions } } } };
    }
    case "paused":
    case "resumed": {
      const [from, to]: [TurnStatus, TurnStatus] = a.type === "paused" ? ["queued", "paused"] : ["paused", "queued"];
      const turns = { ...s.turns };
      for (const id of s.order) {
        const t = turns[id];
        if (t?.status === from) turns[id] = { ...t, status: to };
      }
      return { ...s, turns };
    }
    case "removed": {
      if (!s.turns[a.turnId]) return s;
      const turns = Object.fromEntries(Object.entries(s.turns).filter(([id]) => id !== a.turnId));
      return { order: s.order.filter((id) => id !== a.turnId), turns };
    }
    case "undone": {
      const t = s.turns[a.turnId];
      return t ? { ...s, turns: { ...s.turns, [a.turnId]: { ...t, undone: a.undone } } } : s;
    }
  }
}

/** Pending approvals across all turns, oldest first. */
export function pendingApprovals(s: ChatState): Approval[] {
  return s.order.flatMap((id) => Object.values(s.turns[id]?.approvals ?? {}).filter((a) => a.decision === null));
}

/** True while the last turn is still producing output. */
export function isStreaming(s: ChatState): boolean {
  return s.order.some((id) => {
    const st = s.turns[id]?.status;
    return st === "running" || st === "queued";
  });
}
