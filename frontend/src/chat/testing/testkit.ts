// Builders for ChatEvents in tests: one stream with numbered events.
import type { ChatEvent, Usage } from "../../bridge/protocol";

type Body = ChatEvent extends infer E ? (E extends ChatEvent ? Omit<E, "turnId" | "seq"> : never) : never;

export const usage = (inputTokens: number, outputTokens: number): Usage => ({
  inputTokens, cachedInputTokens: 0, outputTokens, reasoningTokens: 0,
});

/** stream numbers bodies 1..n for one turn. */
export function stream(turnId: string, ...bodies: Body[]): ChatEvent[] {
  return bodies.map((b, i) => ({ ...b, turnId, seq: i + 1 }) as ChatEvent);
}

export const started = (prompt: string, startedAt = 1000): Body => ({ type: "turn_started", prompt, startedAt });
export const text = (t: string): Body => ({ type: "text", text: t });
export const done = (over: Partial<Extract<ChatEvent, { type: "done" }>> = {}): Body => ({
  type: "done", text: "", iterations: 1, elapsedMs: 65_000, stopped: false, usage: usage(10, 20), cost: 0.5, ...over,
});
