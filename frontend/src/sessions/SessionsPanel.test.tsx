import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionView, TranscriptView } from "../bridge/shell";
import { fakeShell, type FakeShell } from "../shell/fakeShell";
import { SessionsPanel } from "./SessionsPanel";
import { SEARCH_DEBOUNCE_MS, UNDO_MS, useSessions } from "./useSessions";

const now = Date.now();
const day = 86_400_000;
const sv = (id: string, title: string, updatedAt: number): SessionView => ({ id, title, updatedAt, model: "m", costUsd: 0 });

function Harness({ shell, onOpen = () => undefined, onNewChat = () => undefined }: { shell: FakeShell; onOpen?: (t: TranscriptView) => void; onNewChat?: () => void }) {
  const ctl = useSessions(shell, "/work/proj", { onOpen, onNewChat });
  return <SessionsPanel ctl={ctl} workspace="/work/proj" />;
}

async function mount(sessions: SessionView[], props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const shell = fakeShell(sessions);
  render(<Harness shell={shell} {...props} />);
  await act(async () => undefined);
  return shell;
}

const rowTitles = () => Array.from(document.querySelectorAll(".session-open .session-title")).map((b) => b.textContent);
const rowOf = (title: string) => screen.getByText(title).closest("button");

afterEach(() => vi.useRealTimers());

describe("SessionsPanel", () => {
  it("groups conversations by date and opens one", async () => {
    const onOpen = vi.fn();
    const shell = await mount([sv("a", "Old plan", now - 30 * day), sv("b", "Fix build", now), sv("c", "", now - 3 * day)], { onOpen });
    const headings = screen.getAllByRole("heading").map((h) => h.textContent);
    expect(headings).toEqual(["Today", "Previous 7 days", "Older"]);
    expect(within(screen.getByRole("region", { name: "Older" })).getByText("Old plan")).toBeTruthy();
    expect(screen.getByText("Untitled conversation")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText("Fix build")));
    expect(shell.openSession).toHaveBeenCalledWith("b");
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ session: expect.objectContaining({ id: "b" }) }));
    expect(rowOf("Fix build")?.getAttribute("aria-current")).toBe("page");
  });

  it("dates each row relatively, with the full date as its tooltip", async () => {
    await mount([sv("a", "Fix build", now - 5 * 60_000), sv("b", "Old plan", now - 3 * day)]);
    const time = within(rowOf("Fix build") as HTMLElement).getByText("5 min ago");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("title")).toBe(new Date(now - 5 * 60_000).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" }));
    expect(within(rowOf("Old plan") as HTMLElement).getByText("3 days ago")).toBeTruthy();
  });

  it("marks the live conversation when the backend names it, and unmarks it for a new chat", async () => {
    const shell = await mount([sv("a", "Fix build", now), sv("b", "Old plan", now - day)]);
    expect(document.querySelector("[aria-current=page]")).toBeNull();
    await act(async () => shell.emitSessions("b"));
    expect(rowOf("Old plan")?.getAttribute("aria-current")).toBe("page");
    await act(async () => shell.emitSessions("a"));
    expect(rowOf("Fix build")?.getAttribute("aria-current")).toBe("page");
    expect(rowOf("Old plan")?.getAttribute("aria-current")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /New chat/ })));
    expect(document.querySelector("[aria-current=page]")).toBeNull();
    await act(async () => shell.emitSessions(""));
    expect(document.querySelector("[aria-current=page]")).toBeNull();
  });

  it("renames with F2 and Enter, and Escape leaves the title alone", async () => {
    const shell = await mount([sv("a", "Draft", now)]);
    fireEvent.keyDown(screen.getByText("Draft"), { key: "F2" });
    const input = screen.getByRole("textbox", { name: "Rename Draft" });
    fireEvent.change(input, { target: { value: "  Release notes " } });
    await act(async () => fireEvent.keyDown(input, { key: "Enter" }));
    expect(shell.renameSession).toHaveBeenCalledTimes(1);
    expect(shell.renameSession).toHaveBeenCalledWith("a", "Release notes");
    expect(rowTitles()).toEqual(["Release notes"]);
    expect(document.activeElement?.querySelector(".session-title")?.textContent).toBe("Release notes");

    fireEvent.doubleClick(screen.getByText("Release notes"));
    const again = screen.getByRole("textbox", { name: "Rename Release notes" });
    fireEvent.change(again, { target: { value: "Nope" } });
    await act(async () => fireEvent.keyDown(again, { key: "Escape" }));
    expect(shell.renameSession).toHaveBeenCalledTimes(1);
    expect(rowTitles()).toEqual(["Release notes"]);
  });

  it("deletes from the menu and brings the conversation back with Undo", async () => {
    const shell = await mount([sv("a", "Keep", now), sv("b", "Oops", now - 1000)]);
    fireEvent.click(screen.getByRole("button", { name: "Actions for Oops" }));
    await act(async () => fireEvent.click(screen.getByRole("menuitem", { name: "Delete" })));
    expect(shell.deleteSession).toHaveBeenCalledWith("b");
    expect(rowTitles()).toEqual(["Keep"]);
    expect(screen.getByRole("status").textContent).toContain("Deleted “Oops”");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Undo" })));
    expect(shell.restoreSession).toHaveBeenCalledWith("b");
    expect(rowTitles()).toEqual(["Keep", "Oops"]);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("withdraws the Undo offer after the undo window", async () => {
    vi.useFakeTimers();
    await mount([sv("a", "Gone", now)]);
    screen.getByText("Gone").focus();
    await act(async () => fireEvent.keyDown(screen.getByText("Gone"), { key: "Delete" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Undo" }));
    await act(async () => vi.advanceTimersByTime(UNDO_MS - 100));
    expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(screen.getByText("No conversations yet.")).toBeTruthy();
  });

  it("reloads when the backend says the list changed", async () => {
    const shell = await mount([sv("a", "First", now)]);
    shell.sessions.push(sv("b", "Second", now + 1));
    await act(async () => shell.emitSessions());
    expect(rowTitles()).toEqual(["Second", "First"]);
  });

  it("searches history after a typing pause and marks the matches", async () => {
    vi.useFakeTimers();
    const shell = await mount([sv("a", "Chat", now)]);
    shell.historyHits = [{ session_id: "z", title: "Elsewhere", workspace: "/other/site", message_id: 7, role: "user", snippet: "how do I [deploy] it", at: "" }];
    const box = screen.getByRole("searchbox", { name: "Search conversations" });
    fireEvent.change(box, { target: { value: "dep" } });
    fireEvent.change(box, { target: { value: "deploy" } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10));
    expect(shell.searchSessions).toHaveBeenCalledTimes(1);
    expect(shell.searchSessions).toHaveBeenCalledWith("deploy");
    const hits = screen.getByRole("list", { name: "Matching messages" });
    expect(hits.querySelector("mark")?.textContent).toBe("deploy");
    expect(hits.textContent).toContain("site");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(rowTitles()).toEqual(["Chat"]);
  });

  it("starts a new chat with Ctrl+N and exports through the save dialog", async () => {
    const onNewChat = vi.fn();
    const shell = await mount([sv("a", "Notes", now)], { onNewChat });
    await act(async () => fireEvent.keyDown(window, { key: "n", ctrlKey: true }));
    expect(shell.newChat).toHaveBeenCalled();
    expect(onNewChat).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Actions for Notes" }));
    await act(async () => fireEvent.click(screen.getByRole("menuitem", { name: "Export as Markdown" })));
    expect(shell.saveSessionExport).toHaveBeenCalledWith("a", "md", "link");
    expect(screen.getByRole("status").textContent).toContain("Exported to /home/me/hearth-a.md");
    fireEvent.click(screen.getByRole("button", { name: "Actions for Notes" }));
    await act(async () => fireEvent.click(screen.getByRole("menuitem", { name: "Export as Markdown with attachments" })));
    expect(shell.saveSessionExport).toHaveBeenLastCalledWith("a", "md", "embed");
  });

  it("says so when the backend refuses", async () => {
    const shell = await mount([sv("a", "Busy", now)]);
    vi.mocked(shell.openSession).mockRejectedValueOnce(new Error("stop the running turn first"));
    await act(async () => fireEvent.click(screen.getByText("Busy")));
    expect(screen.getByRole("status").textContent).toContain("stop the running turn first");
  });
});
