import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ConversationState, SessionView } from "../bridge/shell";
import { fakeShell, type FakeShell } from "../shell/fakeShell";
import { SessionsPanel } from "./SessionsPanel";
import { useSessions } from "./useSessions";

const now = Date.now();
const sv = (id: string, title: string, updatedAt: number, worktree?: string): SessionView => ({ id, title, updatedAt, model: "m", costUsd: 0, worktree });
const st = (sessionId: string, state: string, more: Partial<ConversationState> = {}): ConversationState => ({ id: `c-${sessionId}`, sessionId, state, ...more });

function Harness({ shell }: { shell: FakeShell }) {
  const ctl = useSessions(shell, "/work/proj", { onOpen: () => undefined, onNewChat: () => undefined });
  return <SessionsPanel ctl={ctl} workspace="/work/proj" />;
}

async function mount() {
  const shell = fakeShell([sv("a", "Build the parser", now), sv("b", "Write the docs", now - 1000, "w1"), sv("c", "Fix the tests", now - 2000)]);
  render(<Harness shell={shell} />);
  await act(async () => undefined);
  return shell;
}

const rowOf = (title: string) => screen.getByText(title).closest("button") as HTMLElement;
const titles = () => Array.from(document.querySelectorAll(".session-open .session-title")).map((b) => b.textContent);

describe("SessionsPanel conversation states", () => {
  it("marks a conversation that works in a worktree", async () => {
    await mount();
    expect(within(rowOf("Write the docs")).getByText("worktree")).toBeTruthy();
    expect(within(rowOf("Build the parser")).queryByText("worktree")).toBeNull();
  });

  it("says each held conversation's state in words beside a badge", async () => {
    const shell = await mount();
    await act(async () =>
      shell.emitStates([st("a", "running", { since: now - 65_000 }), st("b", "needs_you", { waits: "approval" }), st("c", "failed")]),
    );
    expect(within(rowOf("Build the parser")).getByText(/^Running 1:0\d$/)).toBeTruthy();
    expect(within(rowOf("Write the docs")).getByText("Needs your approval")).toBeTruthy();
    expect(within(rowOf("Fix the tests")).getByText("Failed")).toBeTruthy();
    await act(async () => shell.emitStates([st("a", "done")]));
    expect(within(rowOf("Build the parser")).getByText("Done, unread")).toBeTruthy();
    expect(within(rowOf("Write the docs")).queryByText("Needs your approval")).toBeNull();
  });

  it("filters to what needs you, counting it", async () => {
    const shell = await mount();
    await act(async () => shell.emitStates([st("a", "running"), st("c", "needs_you", { waits: "plan" })]));
    const filter = screen.getByRole("button", { name: /Needs you/ });
    expect(filter.textContent).toBe("Needs you 1");
    expect(filter.getAttribute("title")).toContain("J");
    fireEvent.click(filter);
    expect(filter.getAttribute("aria-pressed")).toBe("true");
    expect(titles()).toEqual(["Fix the tests"]);
    await act(async () => shell.emitStates([st("a", "running")]));
    expect(screen.getByText("Nothing waits for you.")).toBeTruthy();
    fireEvent.click(filter);
    expect(titles()).toEqual(["Build the parser", "Write the docs", "Fix the tests"]);
  });

  it("opens the next conversation that needs you on Ctrl+J", async () => {
    const shell = await mount();
    await act(async () => shell.emitStates([st("b", "needs_you", { waits: "approval" }), st("c", "needs_you", { waits: "question" })]));
    await act(async () => fireEvent.keyDown(window, { key: "j", ctrlKey: true }));
    expect(shell.openSession).toHaveBeenLastCalledWith("b");
    await act(async () => fireEvent.keyDown(window, { key: "j", ctrlKey: true }));
    expect(shell.openSession).toHaveBeenLastCalledWith("c");
  });
});
