import { describe, expect, it } from "vitest";
import { splitBlocks } from "./blocks";
import { formatCost, formatElapsed, formatTokens, formatUsage, retryLeft, usageDetails } from "./format";
import { MASK, redact } from "./redact";

describe("splitBlocks", () => {
  it.each([
    ["empty", "", []],
    ["one paragraph", "a\nb", ["a\nb"]],
    ["two paragraphs", "a\n\nb", ["a", "b"]],
    ["several blank lines", "a\n\n\n\nb\n\n", ["a", "b"]],
    ["fence with blank lines stays whole", "x\n\n```go\nf()\n\ng()\n```\n\ny", ["x", "```go\nf()\n\ng()\n```", "y"]],
    ["unclosed fence takes the rest", "```\na\n\nb", ["```\na\n\nb"]],
    ["tilde fence closed only by tildes", "~~~\n```\n\nx\n~~~\n\nz", ["~~~\n```\n\nx\n~~~", "z"]],
    ["longer closing fence closes", "````\na\n\n`````\n\nb", ["````\na\n\n`````", "b"]],
    ["indented continuation joins", "- a\n\n  more\n- b\n\nend", ["- a\n\n  more\n- b", "end"]],
    ["table stays whole", "| a | b |\n|---|---|\n| 1 | 2 |", ["| a | b |\n|---|---|\n| 1 | 2 |"]],
  ])("%s", (_n, input, want) => {
    expect(splitBlocks(input)).toEqual(want);
  });

  it("keeps finished blocks identical while the last one grows", () => {
    const a = splitBlocks("# T\n\npara one\n\nsec");
    const b = splitBlocks("# T\n\npara one\n\nsecond par");
    expect(b.slice(0, -1)).toEqual(a.slice(0, -1));
    expect(b.at(-1)).toBe("second par");
  });
});

describe("format", () => {
  it.each([
    [0, "0 s"],
    [40, "<0.1 s"],
    [400, "0.4 s"],
    [999, "0.9 s"],
    [1_000, "1 s"],
    [8_400, "8 s"],
    [65_000, "1 m 05 s"],
    [600_000, "10 m 00 s"],
    [3_725_000, "1 h 02 m"],
    [-5, "0 s"],
  ])("formatElapsed(%d) = %s", (ms, want) => expect(formatElapsed(ms)).toBe(want));

  it.each([
    [950, "950"],
    [1234, "1.2k"],
    [45_600, "46k"],
    [2_500_000, "2.5M"],
  ])("formatTokens(%d) = %s", (n, want) => expect(formatTokens(n)).toBe(want));

  it.each([
    [null, ""],
    [0, ""],
    [0.004, "<$0.01"],
    [1.234, "$1.23"],
  ])("formatCost(%s) = %s", (c, want) => expect(formatCost(c)).toBe(want));

  it("lists cached and reasoning tokens only when present", () => {
    expect(formatUsage({ inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, reasoningTokens: 0 })).toBe("used 15 tokens");
    expect(formatUsage({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0 })).toBe("");
    expect(usageDetails({ inputTokens: 10, cachedInputTokens: 4, outputTokens: 5, reasoningTokens: 2 }).split("\n")).toEqual([
      "10 tokens read by the model (your messages, files and tool results)",
      "5 tokens written by the model",
      "4 of those read came from the provider's cache",
      "2 of those written were reasoning",
    ]);
  });

  it("counts a retry down to zero", () => {
    expect(retryLeft(1000, 5000, 1000)).toBe(5);
    expect(retryLeft(1000, 5000, 4100)).toBe(2);
    expect(retryLeft(1000, 5000, 9000)).toBe(0);
  });
});

describe("redact", () => {
  it.each([
    ["openai", "key sk-proj1234567890abcdefXYZ here", `key ${MASK} here`],
    ["anthropic", "sk-ant-api03-abcdefghijkl", MASK],
    ["openrouter", "x=sk-or-v1-0123456789", `x=${MASK}`],
    ["bearer keeps the scheme", "Authorization: Bearer abc.def-ghi_123", `Authorization: Bearer ${MASK}`],
    ["several", "sk-ant-aaaaaaaaaaaa and sk-bbbbbbbbbbbbbbbbbbbb", `${MASK} and ${MASK}`],
  ])("masks %s", (_n, input, want) => expect(redact(input)).toBe(want));

  it.each([
    ["prose", "ask-me anything, task-runner"],
    ["short sk- word", "sk-short"],
    ["the word bearer", "the bearer of news"],
  ])("leaves %s alone", (_n, input) => expect(redact(input)).toBe(input));
});
