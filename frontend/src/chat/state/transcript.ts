// A stored conversation (OpenSession's messages) rebuilt as chat turns, so
// a reopened session reads exactly like it did live.
import type { SessionMessage, SessionToolCall, StoredCall, StoredHook, TurnUndo } from "../../bridge/sessions";
import type { AttachmentRef } from "./attachments";
import { withStoredCall } from "./planning";
import type { Usage } from "../../bridge/protocol";
import type { HookRun } from "./model";
import type { ChatState, Part, ToolCall, ToolState, Turn, TurnStatus } from "./state";

const toolStates: Record<string, ToolState> = { ok: "succeeded", error: "failed", denied: "denied" };

function time(s: string | undefined): number | null {
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) || t <= 0 ? null : t;
}

function args(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function toolOf(c: SessionToolCall, stored?: StoredCall): ToolCall {
  return {
    callId: c.call_id, name: c.name, args: args(c.args), state: toolStates[c.status] ?? "canceled", tail: "",
    output: c.full_output || c.output, summary: stored?.summary ?? null, exitCode: stored?.exitCode ?? null, allowedBy: null,
    durationMs: null,
  };
}

function hookOf(h: StoredHook): HookRun {
  return {
    event: h.event, command: h.command, exitCode: h.exit_code, durationMs: h.duration_ms, output: h.output ?? "",
    ...(h.problem ? { problem: h.problem } : {}), ...(h.blocked ? { blocked: true } : {}),
  };
}

// Text, calls and hook rows interleave: a call's or hook's text_offset
// counts the runes of the step's text that came before it, and a hook
// comes after the call it names.
function stepParts(m: SessionMessage): Part[] {
  const runes = Array.from(m.text);
  const calls = [...(m.tool_calls ?? [])].sort((a, b) => a.text_offset - b.text_offset);
  type Item = { offset: number; rank: number; part: Part };
  const items: Item[] = calls.map((c, i) => ({ offset: c.text_offset, rank: 2 * i, part: { kind: "tool", callId: c.call_id } }));
  (m.hooks ?? []).forEach((h) => {
    const after = calls.findIndex((c) => c.call_id === h.after);
    const offset = Math.max(h.text_offset, after >= 0 ? (calls[after]?.text_offset ?? 0) : 0);
    items.push({ offset, rank: 2 * after + 1, part: { kind: "hook", hook: hookOf(h) } });
  });
  items.sort((a, b) => a.offset - b.offset || a.rank - b.rank);
  const parts: Part[] = [];
  let at = 0;
  for (const it of items) {
    const upto = Math.min(Math.max(it.offset, at), runes.length);
    if (upto > at) parts.push({ kind: "text", text: runes.slice(at, upto).join("") });
    parts.push(it.part);
    at = upto;
  }
  if (at < runes.length) parts.push({ kind: "text", text: runes.slice(at).join("") });
  return parts;
}

const statusOf: Record<string, TurnStatus> = { complete: "done", stopped: "stopped", interrupted: "error", failed: "error", streaming: "error" };

// Images and PDFs show in the message; an attached text file is in the prompt the model saw.
function attachmentsOf(m: SessionMessage): AttachmentRef[] {
  return (m.attachments ?? [])
    .filter((a) => (a.kind === "image" || a.kind === "document") && a.sha256)
    .map((a) => ({ name: a.name ?? "", mediaType: a.media_type ?? "", size: a.size ?? 0, sha256: a.sha256 }));
}

function emptyTurn(id: string, prompt: string, startedAt: number | null): Turn {
  const usage: Usage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0 };
  return {
    turnId: id, prompt, startedAt, status: "done", parts: [], reasoning: "", tools: {}, approvals: {}, usage, context: null, cost: null,
    elapsedMs: null, iterations: 0, error: null, retry: null, changed: [], changeStats: [], undone: false,
    nextSeq: Number.MAX_SAFE_INTEGER, early: {},
  };
}

function addStep(t: Turn, m: SessionMessage, calls: Record<string, StoredCall>): Turn {
  const tools = { ...t.tools };
  for (const c of m.tool_calls ?? []) tools[c.call_id] = toolOf(c, calls[c.call_id]);
  // Older rows may lack usage; they count as zero, not as a crash.
  const u = m.usage ?? { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 };
  const status = statusOf[m.state] ?? "done";
  const end = time(m.finished_at);
  let error = t.error;
  if (m.state === "failed") error = { class: "failed", message: m.error ?? "" };
  if (m.state === "interrupted" || m.state === "streaming") {
    error = { class: "interrupted", message: "Hearth closed before this reply finished." };
  }
  const base = (m.tool_calls ?? []).reduce(withStoredCall, t);
  return {
    ...base,
    parts: [...t.parts, ...stepParts(m)],
    reasoning: t.reasoning + (m.reasoning ?? ""),
    tools,
    usage: {
      inputTokens: t.usage.inputTokens + u.input_tokens,
      cachedInputTokens: t.usage.cachedInputTokens,
      outputTokens: t.usage.outputTokens + u.output_tokens,
      reasoningTokens: t.usage.reasoningTokens + u.reasoning_tokens,
    },
    // A stored cost of 0 is a cost nobody knew: it stays unknown, never "$0".
    cost: u.cost_usd > 0 ? (t.cost ?? 0) + u.cost_usd : t.cost,
    iterations: t.iterations + 1,
    status,
    error,
    elapsedMs: end !== null && t.startedAt !== null ? end - t.startedAt : t.elapsedMs,
  };
}

/**
 * fromTranscript rebuilds the chat state of a stored conversation, oldest
 * first; turns with kept undo snapshots list their changes and can be undone.
 */
export function fromTranscript(messages: SessionMessage[], undo: Record<string, TurnUndo> = {}, calls: Record<string, StoredCall> = {}): ChatState {
  const order: string[] = [];
  const turns: Record<string, Turn> = {};
  let cur: Turn | null = null;
  const flush = () => {
    if (cur) turns[cur.turnId] = cur;
  };
  // A reply with no prompt before it (a summary first) gets a turn of its own.
  const ensure = (m: SessionMessage): Turn => {
    if (cur) return cur;
    order.push(`m${m.id}`);
    return emptyTurn(`m${m.id}`, "", time(m.started_at));
  };
  for (const m of messages) {
    // The bridge's role type trails the store, which also writes "summary".
    const role: string = m.role;
    const prev = cur as Turn | null; // assigned by the loop and by ensure()
    if (role === "user" && m.origin?.startsWith("hook:") && prev) {
      // A hook sent the agent on within the turn: its row, not a new prompt,
      // unless the hook's own run is stored as the row before.
      const event = m.origin.slice("hook:".length);
      const last = prev.parts[prev.parts.length - 1];
      if (!(last?.kind === "hook" && last.hook.event === event)) {
        const hook = { event, command: "", exitCode: 2, durationMs: 0, output: m.text, blocked: true };
        cur = { ...prev, parts: [...prev.parts, { kind: "hook", hook }] };
      }
    } else if (role === "user") {
      flush();
      cur = emptyTurn(`m${m.id}`, m.typed || m.text, time(m.started_at));
      if (m.typed) cur.expansion = m.text;
      if ((m.versions ?? 0) > 1 && m.version) cur.versions = { n: m.version, of: m.versions ?? 0 };
      // The prompt's hooks ran before the model answered.
      const hooks = (m.hooks ?? []).map((h): Part => ({ kind: "hook", hook: hookOf(h) }));
      if (hooks.length > 0) cur = { ...cur, parts: hooks };
      const atts = attachmentsOf(m);
      if (atts.length > 0) cur = { ...cur, attachments: atts };
      order.push(cur.turnId);
    } else if (role === "summary") {
      const t = ensure(m);
      cur = { ...t, parts: [...t.parts, { kind: "compacted", how: "summary", before: 0, after: 0 }] };
    } else if (role === "assistant") {
      cur = addStep(ensure(m), m, calls);
    }
  }
  flush();
  for (const [id, u] of Object.entries(undo)) {
    const t = turns[id];
    if (t) turns[id] = { ...t, changed: u.files, changeStats: u.stats, undone: u.undone };
  }
  return { order, turns };
}
