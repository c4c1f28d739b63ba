import { describe, expect, it } from "vitest";
import { globMatch, isMarked, toggleMark } from "./readOnly";

describe("read-only marks", () => {
  it.each([
    ["mcp__gh__get_*", "mcp__gh__get_issue", true],
    ["mcp__gh__get_*", "mcp__gh__create_issue", false],
    ["mcp__gh__get_issu?", "mcp__gh__get_issue", true],
    ["mcp__a.b__x", "mcp__aXb__x", false],
  ])("globMatch(%s, %s) = %s", (p, n, want) => expect(globMatch(p, n)).toBe(want));

  it("marks one tool by name and keeps patterns", () => {
    const marks = toggleMark(["mcp__gh__get_*"], "mcp__fs__read", true);
    expect(marks).toEqual(["mcp__gh__get_*", "mcp__fs__read"]);
    expect(isMarked(marks, "mcp__gh__get_pr")).toBe(true);
    expect(toggleMark(marks, "mcp__fs__read", false)).toEqual(["mcp__gh__get_*"]);
  });
});
