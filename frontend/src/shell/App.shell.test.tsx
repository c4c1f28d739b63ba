import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { App } from "../App";
import type { SessionMessage } from "../bridge/shell";
import type { WorktreeInfo, WorktreesBackend } from "../bridge/worktrees";
import { fakeBackend } from "../chat/testing/fakeBackend";
import { fakeShell } from "./fakeShell";

const msg = (id: number, role: SessionMessage["role"], text: string): SessionMessage => ({
  id, session_id: "s1", seq: id, role, text, state: "done", started_at: "2026-11-20T10:00:00Z", first_token_at: "2026-11-20T10:00:00Z", finished_at: "2026-11-20T10:00:02Z",
  usage: { input_tokens: 1, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 },
});

describe("App shell", () => {
  // The chat loads when a folder opens (React.lazy): its module is ready before the first test.
  beforeAll(() => import("../chat/components/ChatView"));

  it("lists the folder's conversations and opens one into the chat", async () => {
    const shell = fakeShell([{ id: "s1", title: "Deploy notes", updatedAt: Date.now(), model: "m", costUsd: 0 }]);
    shell.openSession = async () => ({
      session: { id: "s1", title: "Deploy notes", updatedAt: Date.now(), model: "m", costUsd: 0 },
      messages: [msg(1, "user", "how do I deploy this?"), msg(2, "assistant", "Run make release.")],
    });
    render(<App backend={fakeBackend({ path: "/p/demo", name: "demo" })} shell={shell} />);
    await screen.findByRole("region", { name: "Chat in demo" });
    await act(async () => undefined);
    await act(async () => fireEvent.click(screen.getByText("Deploy notes")));
    expect(await screen.findByText("how do I deploy this?")).toBeTruthy();
    expect(screen.getByText("Deploy notes").closest("button")?.getAttribute("aria-current")).toBe("page");
  });

  it("opens search and help from the keyboard; search needs a folder", async () => {
    const shell = fakeShell();
    render(<App backend={fakeBackend(null)} shell={shell} />);
    await screen.findByRole("button", { name: "Open a folder" });
    await act(async () => fireEvent.keyDown(window, { key: "F", ctrlKey: true, shiftKey: true }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => fireEvent.keyDown(document.body, { key: "?" }));
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy();
    expect(shell.listSessions).not.toHaveBeenCalled();
  });

  it("shows the index status for the open folder", async () => {
    const shell = fakeShell();
    shell.status = { state: "ready", files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, files: 42, bytes: 1, watcher: "watching" };
    render(<App backend={fakeBackend({ path: "/p/demo", name: "demo" })} shell={shell} />);
    await screen.findByRole("region", { name: "Chat in demo" });
    expect(await screen.findByText("Indexed 42 files · watching")).toBeTruthy();
    await act(async () => fireEvent.keyDown(window, { key: "f", metaKey: true, shiftKey: true }));
    expect(await screen.findByRole("dialog", { name: "Search the workspace" })).toBeTruthy();
  });

  it("keeps the shown chat until New chat has switched, though the backend released it first", async () => {
    const backend = fakeBackend({ path: "/p/demo", name: "demo" });
    backend.shownConversation = async () => "c1";
    const shell = fakeShell();
    let answer: (id: string) => void = () => undefined;
    shell.newChat = () => new Promise<string>((resolve) => (answer = resolve));
    render(<App backend={backend} shell={shell} />);
    await screen.findByRole("region", { name: "Chat in demo" });
    await act(async () => {
      backend.emitIn("c1", { type: "turn_started", prompt: "write b", startedAt: 1, turnId: "t1", seq: 1 }, { type: "text", turnId: "t1", seq: 2, text: "Wrote b." });
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(await screen.findByText("Wrote b.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "New chat" })));
    // The backend shows the new chat, releasing c1, before NewChat answers.
    act(() => backend.release("c1"));
    expect(screen.getByText("Wrote b.")).toBeTruthy();
    await act(async () => answer("c2"));
    expect(screen.queryByText("Wrote b.")).toBeNull();
  });

  it("shows a worktree's badge only on the conversation working there, though the event came before the switch", async () => {
    const backend = fakeBackend({ path: "/p/demo", name: "demo" });
    backend.shownConversation = async () => "c1";
    const tree: WorktreeInfo = { id: "ab12cd34", project: "/p/demo", path: "/data/worktrees/ab12cd34", branch: "hearth/ab12cd34", created: 0, sizeBytes: 0 };
    let tell: (w: WorktreeInfo | null) => void = () => undefined;
    let answer: (w: WorktreeInfo) => void = () => undefined;
    const worktrees: WorktreesBackend = {
      newConversation: () => new Promise<WorktreeInfo>((resolve) => (answer = resolve)),
      current: async () => null,
      list: async () => [],
      changes: async () => [],
      apply: vi.fn(),
      commit: vi.fn(),
      discard: vi.fn(),
      onCurrent: (cb) => {
        tell = cb;
        return () => undefined;
      },
    };
    render(<App backend={backend} shell={fakeShell()} worktrees={worktrees} />);
    await screen.findByRole("region", { name: "Chat in demo" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "New conversation in a worktree" })));
    // The backend shows c2 in its worktree and says so before the call answers.
    act(() => tell({ ...tree, conversation: "c2" }));
    expect(screen.queryByText(/Working in worktree/)).toBeNull();
    await act(async () => answer({ ...tree, conversation: "c2" }));
    expect(await screen.findByText(/Working in worktree/)).toBeTruthy();
  });
});
