import { describe, expect, it } from "vitest";
import { checkChatEvent, isChatEvent, isUndoReport } from "./guard";

const u = { inputTokens: 1, cachedInputTokens: 0, outputTokens: 2, reasoningTokens: 0 };

describe("isChatEvent", () => {
  it.each([
    { type: "turn_started", prompt: "p", startedAt: 1 },
    { type: "text", text: "" },
    { type: "reasoning", text: "r" },
    { type: "tool_started", callId: "c", name: "shell", args: null },
    { type: "tool_progress", callId: "c", chunk: "x" },
    { type: "tool_finished", callId: "c", name: "n", status: "denied", output: "", summary: "n · denied", durationMs: 0 },
    { type: "approval_requested", requestId: "r", callId: "c", tool: "t", kind: "edit", summary: "s", detail: "d" },
    { type: "approval_resolved", requestId: "r", decision: "allow_session" },
    { type: "approval_resolved", requestId: "r" },
    { type: "usage", usage: u, cost: null },
    { type: "retry", class: "rate_limit", attempt: 1, delayMs: 10 },
    { type: "compacted", kind: "summary", before: 2, after: 1 },
    { type: "error", class: "auth", message: "m" },
    { type: "changes", files: ["/a", "/b"] },
    { type: "done", text: "", iterations: 1, elapsedMs: 5, stopped: false, usage: u, cost: 0.1 },
  ])("accepts a well-formed $type", (body) => {
    expect(isChatEvent({ turnId: "t", seq: 1, ...body })).toBe(true);
  });

  it.each([
    ["null", null],
    ["an array", [1]],
    ["no turn", { seq: 1, type: "text", text: "x" }],
    ["empty turn", { turnId: "", seq: 1, type: "text", text: "x" }],
    ["seq 0", { turnId: "t", seq: 0, type: "text", text: "x" }],
    ["fractional seq", { turnId: "t", seq: 1.5, type: "text", text: "x" }],
    ["seq as string", { turnId: "t", seq: "1", type: "text", text: "x" }],
    ["unknown type", { turnId: "t", seq: 1, type: "explode" }],
    ["inherited type name", { turnId: "t", seq: 1, type: "toString" }],
    ["text not a string", { turnId: "t", seq: 1, type: "text", text: 5 }],
    ["bad tool status", { turnId: "t", seq: 1, type: "tool_finished", callId: "c", name: "n", status: "exploded", output: "", summary: "", durationMs: 0 }],
    ["no summary", { turnId: "t", seq: 1, type: "tool_finished", callId: "c", name: "n", status: "failed", output: "", durationMs: 0 }],
    ["bad exit code", { turnId: "t", seq: 1, type: "tool_finished", callId: "c", name: "n", status: "failed", output: "", summary: "", exitCode: "1", durationMs: 0 }],
    ["bad decision", { turnId: "t", seq: 1, type: "approval_resolved", requestId: "r", decision: "maybe" }],
    ["bad approval kind", { turnId: "t", seq: 1, type: "approval_requested", requestId: "r", callId: "c", tool: "t", kind: "x", summary: "", detail: "" }],
    ["usage missing field", { turnId: "t", seq: 1, type: "usage", usage: { inputTokens: 1 }, cost: 1 }],
    ["cost as string", { turnId: "t", seq: 1, type: "usage", usage: u, cost: "1" }],
    ["NaN delay", { turnId: "t", seq: 1, type: "retry", class: "x", attempt: 1, delayMs: NaN }],
    ["changes not strings", { turnId: "t", seq: 1, type: "changes", files: [1] }],
    ["done without stopped", { turnId: "t", seq: 1, type: "done", text: "", iterations: 1, elapsedMs: 5, usage: u, cost: null }],
  ])("rejects %s", (_name, v) => {
    expect(isChatEvent(v)).toBe(false);
  });
});

describe("checkChatEvent", () => {
  it("keeps a malformed event's place when it names its turn and seq", () => {
    expect(checkChatEvent({ turnId: "t", seq: 3, type: "text", text: 1 })).toEqual({ type: "skipped", turnId: "t", seq: 3 });
    expect(checkChatEvent({ turnId: "t", seq: 3, type: "future_kind" })).toEqual({ type: "skipped", turnId: "t", seq: 3 });
    expect(checkChatEvent({ seq: 3, type: "text", text: "x" })).toBeNull();
    expect(checkChatEvent({ turnId: "t", seq: 1, type: "text", text: "x" })).toEqual({ turnId: "t", seq: 1, type: "text", text: "x" });
  });
});

describe("isUndoReport", () => {
  it("accepts lists or Go's null for empty ones, nothing else", () => {
    expect(isUndoReport({ restored: ["/a"], deleted: null, conflicts: [] })).toBe(true);
    expect(isUndoReport({ restored: ["/a"], deleted: [2], conflicts: [] })).toBe(false);
    expect(isUndoReport({ restored: [] })).toBe(false);
  });
});
