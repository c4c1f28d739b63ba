import { describe, expect, it } from "vitest";
import { contextFill, formatTokens } from "./context";
import { chatReducer, initialState } from "./state";

const usage = { inputTokens: 30000, cachedInputTokens: 0, outputTokens: 2000, reasoningTokens: 0 };

describe("contextFill", () => {
  it("is null until a usage event names the window", () => {
    let s = chatReducer(initialState, { type: "sent", turnId: "t1", prompt: "hi", queued: false });
    expect(contextFill(s)).toBeNull();
    s = chatReducer(s, { type: "events", now: 0, events: [{ type: "usage", turnId: "t1", seq: 1, usage, cost: null }] });
    expect(contextFill(s)).toBeNull();
    s = chatReducer(s, { type: "events", now: 0, events: [{ type: "usage", turnId: "t1", seq: 2, usage, cost: null, window: 128000 }] });
    expect(contextFill(s)).toEqual({ tokens: 32000, window: 128000, fraction: 0.25 });
  });
});

describe("formatTokens", () => {
  it.each([[950, "950"], [128000, "128k"], [1_000_000, "1M"], [1_500_000, "1.5M"]])("%d → %s", (n, want) => expect(formatTokens(n)).toBe(want));
});
