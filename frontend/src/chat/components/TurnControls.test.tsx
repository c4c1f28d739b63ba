import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Turn } from "../state/state";
import { problemsText, TurnControls } from "./TurnControls";

const turn: Turn = {
  turnId: "t1", prompt: "fix it", startedAt: null, status: "done", parts: [], reasoning: "", tools: {}, approvals: {},
  usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0 }, context: null, cost: null,
  elapsedMs: null, iterations: 0, error: null, retry: null, undone: false, nextSeq: 1, early: {},
  changed: ["a.go", "b.go", "notes.txt"],
  changeStats: [
    { path: "a.go", added: 3, removed: 1, errors: 2, warnings: 1 },
    { path: "b.go", added: 1, removed: 0, warnings: 1 },
    { path: "notes.txt", added: 1, removed: 0 },
  ],
};

describe("the changed-files summary", () => {
  it("counts what the language server last reported, in total and per file", () => {
    const { container } = render(<TurnControls turn={turn} />);
    expect(container.querySelector("summary")?.textContent).toContain("2 errors, 2 warnings");
    const rows = screen.getAllByRole("listitem").map((li) => li.textContent ?? "");
    expect(rows[0]).toContain("2 errors, 1 warning");
    expect(rows[1]).toContain("1 warning");
    expect(rows[1]).not.toContain("error");
    expect(rows[2]).not.toMatch(/error|warning/);
  });

  it("words the counts", () => {
    expect(problemsText(0, 0)).toBe("");
    expect(problemsText(1, 0)).toBe("1 error");
    expect(problemsText(0, 3)).toBe("3 warnings");
  });
});
