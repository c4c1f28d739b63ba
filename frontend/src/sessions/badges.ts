// What the sidebar says of each conversation the window holds: its state
// in words (and a badge), which wait for the person, and the next of those.
import type { ConversationState } from "../bridge/shell";

export type BadgeKind = "running" | "queued" | "needs-you" | "done" | "failed";

export interface Badge {
  kind: BadgeKind;
  /** the state in words, as the row shows and reads it */
  label: string;
}

const waits: Record<string, string> = { approval: "Needs your approval", question: "Has a question", plan: "Plan to review" };

/** elapsed is a running turn's time so far, as m:ss (or h:mm:ss). */
export function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** badgeOf is what a conversation's row says of it; null when idle. */
export function badgeOf(s: ConversationState | undefined, now: number): Badge | null {
  switch (s?.state) {
    case "running":
      return { kind: "running", label: s.since ? `Running ${elapsed(now - s.since)}` : "Running" };
    case "queued":
      return { kind: "queued", label: "Waiting for a free slot" };
    case "needs_you":
      return { kind: "needs-you", label: waits[s.waits ?? ""] ?? "Needs you" };
    case "done":
      return { kind: "done", label: "Done, unread" };
    case "failed":
      return { kind: "failed", label: "Failed" };
    default:
      return null;
  }
}

/** bySession maps each stored conversation's id to its state (the latest held one wins). */
export function bySession(states: ConversationState[]): Map<string, ConversationState> {
  const out = new Map<string, ConversationState>();
  for (const s of states) {
    if (s.sessionId === "") continue;
    const prev = out.get(s.sessionId);
    if (!prev || (prev.state === "idle" && s.state !== "idle")) out.set(s.sessionId, s);
  }
  return out;
}

/** needingYou lists the sessions that wait for the person, in the order given. */
export function needingYou(order: string[], states: Map<string, ConversationState>): string[] {
  return order.filter((id) => states.get(id)?.state === "needs_you");
}

/** nextNeedingYou is the session after current (wrapping) that waits for the person, or null. */
export function nextNeedingYou(order: string[], states: Map<string, ConversationState>, current: string | null): string | null {
  const waiting = needingYou(order, states);
  if (waiting.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  return waiting.find((id) => order.indexOf(id) > at) ?? waiting[0] ?? null;
}
