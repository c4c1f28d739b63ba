import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IndexStatus as Status } from "../bridge/shell";
import { fakeShell, idleStatus } from "./fakeShell";
import { HelpOverlay } from "./HelpOverlay";
import { IndexStatus } from "./IndexStatus";
import { localShortcuts, shortcuts } from "./shortcuts";
import { TOAST_MS, Toasts } from "./Toasts";

const st = (over: Partial<Status>): Status => ({ ...idleStatus, ...over });

afterEach(() => vi.useRealTimers());

describe("IndexStatus", () => {
  it("starts from IndexStatus(), shows progress while building, then the quiet summary", async () => {
    const shell = fakeShell();
    shell.status = st({ state: "building", files_done: 120, files_total: 800, watcher: "starting" });
    render(<IndexStatus shell={shell} workspace="/w" />);
    await act(async () => undefined);
    const bar = screen.getByRole("progressbar", { name: "Indexing progress" });
    expect(bar.getAttribute("value")).toBe("120");
    expect(bar.getAttribute("max")).toBe("800");
    expect(screen.getByRole("status").textContent).toBe("Indexing 120 / 800 files");
    await act(async () => shell.emitIndex(st({ state: "ready", files: 1234, watcher: "watching" })));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Indexed 1,234 files · watching");
  });

  it("shows no total while the build is still counting files, so the bar never runs backwards", async () => {
    const shell = fakeShell();
    shell.status = st({ state: "building", counting: true, files_done: 26, files_total: 429 });
    render(<IndexStatus shell={shell} workspace="/w" />);
    await act(async () => undefined);
    const bar = screen.getByRole("progressbar", { name: "Indexing progress" });
    expect(bar.getAttribute("max")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Indexing 26 files, still counting…");
    await act(async () => shell.emitIndex(st({ state: "building", counting: false, files_done: 30, files_total: 5000 })));
    expect(screen.getByRole("progressbar", { name: "Indexing progress" }).getAttribute("max")).toBe("5000");
    expect(screen.getByRole("status").textContent).toBe("Indexing 30 / 5,000 files");
  });

  it("shows the warning and a failed build in words", async () => {
    const shell = fakeShell();
    render(<IndexStatus shell={shell} workspace="/w" />);
    await act(async () => shell.emitIndex(st({ state: "failed", warning: "permission denied: /w/.cache" })));
    expect(screen.getByRole("status").textContent).toBe("Indexing failed");
    expect(screen.getByText("permission denied: /w/.cache")).toBeTruthy();
  });

  it("keeps an event that overtakes the initial query", async () => {
    const shell = fakeShell();
    let answer: (s: Status) => void = () => undefined;
    vi.mocked(shell.indexStatus).mockReturnValueOnce(new Promise((r) => (answer = r)));
    render(<IndexStatus shell={shell} workspace="/w" />);
    await act(async () => shell.emitIndex(st({ state: "ready", files: 9, watcher: "polling" })));
    await act(async () => answer(st({ state: "building", files_total: 10 })));
    expect(screen.getByRole("status").textContent).toBe("Indexed 9 files · watching (polling)");
  });

  it("shows nothing without a folder or for a closed index", async () => {
    const shell = fakeShell();
    const { rerender } = render(<IndexStatus shell={shell} workspace={null} />);
    await act(async () => undefined);
    expect(shell.indexStatus).not.toHaveBeenCalled();
    rerender(<IndexStatus shell={shell} workspace="/w" />);
    await act(async () => undefined);
    expect(screen.queryByTestId("index-status")).toBeNull();
  });
});

describe("Toasts", () => {
  it("shows each notice once, lets it be dismissed, and lets it lapse", async () => {
    vi.useFakeTimers();
    const shell = fakeShell();
    render(<Toasts shell={shell} />);
    await act(async () => {
      shell.emitNotice({ code: "internal", message: "the conversation could not be saved" });
      shell.emitNotice({ code: "internal", message: "the conversation could not be saved" });
      shell.emitNotice({ code: "invalid", message: "undo failed: a.txt changed" });
    });
    expect(screen.getAllByRole("alert").map((a) => a.querySelector("p")?.textContent)).toEqual([
      "the conversation could not be saved",
      "undo failed: a.txt changed",
    ]);
    fireEvent.click(screen.getAllByRole("button", { name: "Dismiss notification" })[1] as HTMLElement);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
  });

  it("ignores notices while inactive", async () => {
    const shell = fakeShell();
    render(<Toasts shell={shell} active={false} />);
    await act(async () => shell.emitNotice({ code: "internal", message: "x" }));
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
  });
});

describe("HelpOverlay", () => {
  it("opens with ?, lists every shortcut, closes with Escape and returns focus", async () => {
    const before = document.createElement("button");
    document.body.append(before);
    before.focus();
    render(<HelpOverlay />);
    await act(async () => fireEvent.keyDown(before, { key: "?" }));
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const s of [...shortcuts, ...localShortcuts]) expect(dialog.textContent).toContain(s.label);
    expect(document.activeElement?.textContent).toBe("Close");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it("opens with Ctrl+/ but not with ? typed into a field", async () => {
    const input = document.createElement("input");
    document.body.append(input);
    render(<HelpOverlay />);
    fireEvent.keyDown(input, { key: "?" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => fireEvent.keyDown(input, { key: "/", ctrlKey: true }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    input.remove();
  });
});
