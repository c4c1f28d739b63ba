import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isChatEvent } from "../../bridge/guard";
import { HookRow } from "./HookRow";
import { chatReducer, initialState } from "../state/state";
import { started, stream } from "../testing/testkit";

const blocked = { type: "hook", event: "PreToolUse", command: ".claude/hooks/no-rm.sh", exitCode: 2, durationMs: 12, output: "rm is not allowed", blocked: true } as const;
const timedOut = { type: "hook", event: "Stop", command: "sleep 30", exitCode: -1, durationMs: 500, output: "", problem: "timed out after 500ms and was killed" } as const;

describe("hook events", () => {
  it("pass the boundary check only when well formed", () => {
    expect(isChatEvent({ turnId: "t", seq: 1, ...blocked })).toBe(true);
    expect(isChatEvent({ turnId: "t", seq: 1, ...blocked, exitCode: "2" })).toBe(false);
  });

  it("become hook parts of their turn, in order", () => {
    const s = chatReducer(initialState, { type: "events", events: stream("t1", started("go"), blocked, timedOut), now: 0 });
    const kinds = s.turns.t1?.parts.map((p) => (p.kind === "hook" ? `${p.hook.event}:${p.hook.exitCode}` : p.kind));
    expect(kinds).toEqual(["PreToolUse:2", "Stop:-1"]);
  });

  it("show the event, command and outcome, output collapsed, failures marked", () => {
    const { container } = render(
      <>
        <HookRow hook={blocked} />
        <HookRow hook={timedOut} />
      </>,
    );
    expect(screen.getByText(".claude/hooks/no-rm.sh")).toBeTruthy();
    expect(screen.getByText(/exit 2, blocked · 12 ms/)).toBeTruthy();
    expect(container.querySelector("details.hook-blocked pre")?.textContent).toBe("rm is not allowed");
    expect(container.querySelector("details.hook-blocked")?.hasAttribute("open")).toBe(false);
    expect(container.querySelector("p.hook-failed")?.textContent).toContain("timed out");
  });
});
