import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BridgeError } from "../../bridge";
import { ChatView } from "./ChatView";
import { fakeBackend } from "../testing/fakeBackend";
import { play, setup, ws } from "../testing/renderChat";
import { done, started, stream, text } from "../testing/testkit";

describe("ChatView per-turn actions", () => {
  const finished = (id: string, prompt: string, answer: string) => stream(id, started(prompt), text(answer), done());

  it("marks only the latest turn's actions to show at rest; older ones show on hover or focus", async () => {
    const { backend } = setup();
    await play(backend, ...finished("a", "first", "one"), ...finished("b", "second", "two"));
    const turns = Array.from(document.querySelectorAll("article.turn"));
    expect(turns.map((t) => t.classList.contains("latest"))).toEqual([false, true]);
    // Still in the tab order: hidden by opacity, not display or visibility.
    expect(turns[0]?.querySelector<HTMLButtonElement>(".turn-actions button")?.tabIndex).toBe(0);
    const css = (await import("../../styles.css?raw")).default;
    expect(css).toMatch(/\.turn:not\(\.latest\) \.turn-actions \{ opacity: 0; \}/);
    expect(css).toMatch(/\.turn:not\(\.latest\) \.turn-actions:focus-within \{ opacity: 1; \}|\.turn-actions:focus-within/);
  });

  it("regenerates a turn in place of it and everything after it", async () => {
    const { backend } = setup();
    await play(backend, ...finished("a", "first", "one"), ...finished("b", "second", "two"));
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Regenerate" })[0] as HTMLElement);
    });
    expect(backend.regenerate).toHaveBeenCalledWith("", "a");
    expect(screen.queryByText("second")).toBeNull();
    expect(screen.queryByText("one")).toBeNull();
    expect(screen.getByText("first")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("edits and resends a message after saying what it replaces", async () => {
    const { backend } = setup();
    await play(backend, ...finished("a", "first", "one"), ...finished("b", "second", "two"));
    fireEvent.click(screen.getAllByRole("button", { name: "Edit" })[0] as HTMLElement);
    const box = screen.getByLabelText("Edited message");
    expect(screen.getByText(/will be replaced/)).toBeTruthy();
    fireEvent.change(box, { target: { value: "first, reworded" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend" }));
    });
    expect(backend.editAndResend).toHaveBeenCalledWith("", "a", "first, reworded");
    expect(screen.getByText("first, reworded")).toBeTruthy();
    expect(screen.queryByText("second")).toBeNull();
  });

  it("keeps the edit open and explains when the backend refuses", async () => {
    const { backend } = setup();
    vi.mocked(backend.editAndResend).mockRejectedValueOnce(new BridgeError("invalid", "stop the running turn first"));
    await play(backend, ...finished("a", "first", "one"));
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend" }));
    });
    expect(screen.getByLabelText("Edited message")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("stop the running turn first");
    expect(screen.getByText("one")).toBeTruthy();
  });

  it("lists a turn's changed files and undoes and redoes them", async () => {
    const { backend } = setup();
    vi.mocked(backend.undoTurn).mockResolvedValueOnce({ restored: ["/p/a.go"], deleted: [], conflicts: ["/p/b.go"] });
    await play(backend, ...stream("a", started("edit"), text("done"), { type: "changes", files: ["/p/a.go", "/p/b.go"] }, done()));
    expect(screen.getByText("Changed 2 files")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Undo turn" }));
    });
    expect(backend.undoTurn).toHaveBeenCalledWith("", "a", false);
    expect(screen.getByRole("alert").textContent).toContain("/p/b.go");
    // The user may confirm: the conflicting files are overwritten too.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Overwrite them" }));
    });
    expect(backend.undoTurn).toHaveBeenLastCalledWith("", "a", true);
    expect(screen.queryByRole("button", { name: "Overwrite them" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Redo" }));
    });
    expect(backend.redoTurn).toHaveBeenCalledWith("", "a", false);
    expect(screen.getByRole("button", { name: "Undo turn" })).toBeTruthy();
  });

  it("ends a turn with one action row and names what Undo restored", async () => {
    const { backend } = setup();
    vi.mocked(backend.undoTurn).mockResolvedValueOnce({ restored: ["/p/a.go"], deleted: ["/p/new.txt"], conflicts: [] });
    await play(backend, ...stream("a", started("edit"), text("done"), { type: "changes", files: ["/p/a.go", "/p/new.txt"] }, done({ cost: null })));
    const row = screen.getByRole("group", { name: "Turn actions" });
    expect(Array.from(row.querySelectorAll("button")).map((b) => b.textContent)).toEqual(["Copy", "Regenerate", "Undo turn"]);
    expect(screen.queryByText("cost unknown")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Undo turn" }));
    });
    expect(screen.getByTestId("undo-toast").textContent).toContain("Undone: restored a.go; removed new.txt.");
  });

  it("offers Retry, not Regenerate too, after a failed turn", async () => {
    const { backend } = setup();
    await play(backend, ...stream("a", started("hi"), { type: "error", class: "server", message: "HTTP 500" }, done()));
    expect(screen.getAllByRole("button", { name: "Retry" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Regenerate" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    expect(backend.regenerate).toHaveBeenCalledWith("", "a");
  });

  it("shows each changed file's line counts and diff", async () => {
    const { backend } = setup();
    const stats = [
      { path: "/p/a.go", added: 2, removed: 1, diff: "--- a/a.go\n+++ b/a.go\n@@ -1 +1,2 @@\n-old\n+new\n+more\n" },
      { path: "/p/logo.png", added: 0, removed: 0, binary: true },
    ];
    await play(backend, ...stream("a", started("edit"), text("done"), { type: "changes", files: ["/p/a.go", "/p/logo.png"], stats }, done()));
    expect(screen.getByText("Changed 2 files").textContent).toContain("+2");
    expect(screen.getByText("(binary)")).toBeTruthy();
    expect(screen.getByLabelText("Changes to /p/a.go").textContent).toContain("added: more");
  });

  it("a full context offers compaction and says what it did", async () => {
    const { backend } = setup();
    await play(backend, ...stream("a", started("go"), { type: "error", class: "context_length", message: "maximum context length is 8192 tokens" }, done()));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Compact conversation" }));
    });
    expect(backend.compactConversation).toHaveBeenCalled();
    expect(screen.getByText(/90,000 → 30,000 tokens/)).toBeTruthy();
  });

  it("a reopened turn lists what it changed and can be redone and undone", async () => {
    const backend = fakeBackend(ws);
    const at = "2026-01-01T10:00:00Z";
    const msg = { session_id: "s", seq: 1, text: "", state: "complete", started_at: at, first_token_at: at, finished_at: at, usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 } };
    const transcript = [
      { ...msg, id: 1, role: "user" as const, text: "write the plan" },
      { ...msg, id: 2, role: "assistant" as const, text: "Written." },
      { ...msg, id: 3, role: "user" as const, text: "just talk" },
      { ...msg, id: 4, role: "assistant" as const, text: "Talked." },
    ];
    const undo = { m1: { files: ["notes/plan.md"], stats: [{ path: "notes/plan.md", added: 1, removed: 0, created: true }], undone: true } };
    render(<ChatView backend={backend} workspace={ws} onOpenSettings={vi.fn()} transcript={transcript} storedUndo={undo} />);
    expect(screen.getByText("Undone: 1 file").textContent).toContain("+1");
    expect(screen.getAllByRole("button", { name: "Redo" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Undo turn" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Redo" }));
    });
    expect(backend.redoTurn).toHaveBeenCalledWith("", "m1", false);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Undo turn" }));
    });
    expect(backend.undoTurn).toHaveBeenCalledWith("", "m1", false);
  });

  it("offers no rerun or undo while a turn runs", async () => {
    const { backend } = setup();
    await play(backend, ...stream("a", started("edit"), text("done"), { type: "changes", files: ["/p/a.go"] }, done()),
      ...stream("b", started("next"), text("working")));
    expect((screen.getByRole("button", { name: "Regenerate" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Undo turn" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });
});
