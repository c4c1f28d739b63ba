import { describe, expect, it } from "vitest";
import type { ConversationState } from "../bridge/shell";
import { badgeOf, bySession, elapsed, nextNeedingYou } from "./badges";

const st = (sessionId: string, state: string, more: Partial<ConversationState> = {}): ConversationState => ({ id: `c-${sessionId}`, sessionId, state, ...more });

describe("sidebar badges", () => {
  it.each<[ConversationState | undefined, string | null]>([
    [st("a", "running", { since: 1_000 }), "Running 1:23"],
    [st("a", "queued"), "Waiting for a free slot"],
    [st("a", "needs_you", { waits: "approval" }), "Needs your approval"],
    [st("a", "needs_you", { waits: "question" }), "Has a question"],
    [st("a", "needs_you", { waits: "plan" }), "Plan to review"],
    [st("a", "done"), "Done, unread"],
    [st("a", "failed"), "Failed"],
    [st("a", "idle"), null],
    [undefined, null],
  ])("says %j as %s", (s, want) => {
    expect(badgeOf(s, 84_000)?.label ?? null).toBe(want);
  });

  it("counts hours once a turn runs that long", () => {
    expect(elapsed(3_723_000)).toBe("1:02:03");
  });

  it("keys states by session, a busy held conversation over an idle one", () => {
    const m = bySession([st("a", "running"), { ...st("a", "idle"), id: "c-old" }, st("", "running")]);
    expect(m.get("a")?.state).toBe("running");
    expect(m.has("")).toBe(false);
  });

  it("jumps to the next conversation that needs you, wrapping around", () => {
    const order = ["s1", "s2", "s3", "s4"];
    const states = bySession([st("s2", "needs_you"), st("s4", "needs_you", { waits: "plan" }), st("s3", "running")]);
    expect(nextNeedingYou(order, states, null)).toBe("s2");
    expect(nextNeedingYou(order, states, "s2")).toBe("s4");
    expect(nextNeedingYou(order, states, "s4")).toBe("s2");
    expect(nextNeedingYou(order, bySession([]), "s1")).toBeNull();
  });
});
