import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BridgeError } from "../bridge";
import { ChatView } from "./ChatView";
import { fakeBackend, nextFrame, type FakeBackend } from "./fakeBackend";
import type { ChatEvent } from "./protocol";
import { done, started, stream, text, usage } from "./testkit";

const ws = { path: "/home/me/proj", name: "proj" };

function setup() {
  const backend = fakeBackend(ws);
  const onOpenSettings = vi.fn();
  render(<ChatView backend={backend} workspace={ws} onOpenSettings={onOpenSettings} />);
  const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
  return { backend, onOpenSettings, input };
}

async function play(backend: FakeBackend, ...events: ChatEvent[]) {
  await act(async () => {
    backend.emit(...events);
    await nextFrame();
  });
}

describe("ChatView composer", () => {
  it("sends on Enter, not on Shift+Enter or while an IME composes", async () => {
    const { backend, input } = setup();
    fireEvent.change(input, { target: { value: "hello" } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    fireEvent.keyDown(input, { key: "Enter", isComposing: true });
    fireEvent.keyDown(input, { key: "Enter", keyCode: 229 });
    expect(backend.send).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(backend.send).toHaveBeenCalledWith("hello");
    expect(input.value).toBe("");
    expect(screen.getByText("hello")).toBeTruthy();
  });

  it("Stop pauses queued prompts, which wait with Resume and Remove", async () => {
    const { backend, input } = setup();
    vi.mocked(backend.send).mockResolvedValueOnce({ turnId: "q1", queued: true });
    vi.mocked(backend.send).mockResolvedValueOnce({ turnId: "q2", queued: true });
    await play(backend, ...stream("t1", started("p"), text("partial")));
    for (const prompt of ["next one", "and another"]) {
      fireEvent.change(input, { target: { value: prompt } });
      await act(async () => {
        fireEvent.keyDown(input, { key: "Enter" });
      });
    }
    expect(screen.getAllByText("Queued: waits for the current reply.")).toHaveLength(2);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    });
    await play(backend, { turnId: "t1", seq: 3, type: "done", text: "partial", iterations: 1, elapsedMs: 5, stopped: true, usage: usage(1, 1), cost: null });
    const paused = screen.getAllByRole("group", { name: "Paused prompt" });
    expect(paused).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Remove" })[1] as HTMLElement);
    });
    expect(backend.removeQueued).toHaveBeenCalledWith("q2");
    expect(screen.queryByText("and another")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    });
    expect(backend.resumeQueue).toHaveBeenCalled();
    expect(screen.getByText("Queued: waits for the current reply.")).toBeTruthy();
  });

  it("turns Send into Stop during a stream; the button and Esc stop", async () => {
    const { backend, input } = setup();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    await play(backend, ...stream("t1", started("p"), text("partial")));
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    fireEvent.keyDown(input, { key: "Escape" });
    expect(backend.stop).toHaveBeenCalledTimes(2);
    // With a dialog open, Esc belongs to the dialog.
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    document.body.append(dialog);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(backend.stop).toHaveBeenCalledTimes(2);
    dialog.remove();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(backend.stop).toHaveBeenCalledTimes(3);
    await play(backend, { ...done({ stopped: true }), turnId: "t1", seq: 3 } as ChatEvent);
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    expect(screen.getByText("Stopped.")).toBeTruthy();
  });

  it("keeps the prompt and explains when there is no key", async () => {
    const { backend, input, onOpenSettings } = setup();
    vi.mocked(backend.send).mockRejectedValueOnce(new BridgeError("no_key", "no API key for openai"));
    fireEvent.change(input, { target: { value: "keep me" } });
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(input.value).toBe("keep me");
    expect(screen.getByRole("alert").textContent).toContain("There is no API key for this provider yet.");
    fireEvent.click(screen.getByRole("button", { name: "Add the API key" }));
    expect(onOpenSettings).toHaveBeenCalledWith("key");
  });
});

describe("ChatView per-turn actions", () => {
  const finished = (id: string, prompt: string, answer: string) => stream(id, started(prompt), text(answer), done());

  it("regenerates a turn in place of it and everything after it", async () => {
    const { backend } = setup();
    await play(backend, ...finished("a", "first", "one"), ...finished("b", "second", "two"));
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Regenerate" })[0] as HTMLElement);
    });
    expect(backend.regenerate).toHaveBeenCalledWith("a");
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
    expect(backend.editAndResend).toHaveBeenCalledWith("a", "first, reworded");
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
    expect(backend.undoTurn).toHaveBeenCalledWith("a", false);
    expect(screen.getByRole("alert").textContent).toContain("/p/b.go");
    // The user may confirm: the conflicting files are overwritten too.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Overwrite them" }));
    });
    expect(backend.undoTurn).toHaveBeenLastCalledWith("a", true);
    expect(screen.queryByRole("button", { name: "Overwrite them" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Redo" }));
    });
    expect(backend.redoTurn).toHaveBeenCalledWith("a", false);
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
    expect(backend.regenerate).toHaveBeenCalledWith("a");
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
    const msg = { session_id: "s", seq: 1, text: "", state: "complete", started_at: at, finished_at: at, usage: { input_tokens: 0, output_tokens: 0, reasoning_tokens: 0, cost_usd: 0 } };
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
    expect(backend.redoTurn).toHaveBeenCalledWith("m1", false);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Undo turn" }));
    });
    expect(backend.undoTurn).toHaveBeenCalledWith("m1", false);
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

describe("ChatView stream", () => {
  it("streams Markdown, then shows cooked time, tokens and cost", async () => {
    const { backend } = setup();
    const evs = stream("t1", started("explain"), { type: "reasoning", text: "let me think" }, text("# Title\n\nSome "), text("**bold** text"),
      done({ elapsedMs: 65_000, usage: usage(1200, 340), cost: 0.0123 }));
    await play(backend, ...evs.slice(0, 4));
    expect(screen.getByRole("heading", { name: "Title" })).toBeTruthy();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText(/Cooking/)).toBeTruthy();
    const thinking = screen.getByText("Thinking").closest("details");
    expect(thinking?.open).toBe(false);
    await play(backend, ...evs.slice(4));
    expect(screen.getByText("Cooked for 1 m 05 s")).toBeTruthy();
    expect(screen.getByText("1.2k in · 340 out")).toBeTruthy();
    expect(screen.getByText("$0.01")).toBeTruthy();
  });

  it("shows a running tool as a live line, then a collapsed row with redacted args and output", async () => {
    const { backend, input } = setup();
    await play(backend, ...stream("t1", started("p"),
      { type: "tool_started", callId: "c1", name: "shell", args: { command: "curl -H 'Authorization: Bearer abcdefgh12345'" } },
      { type: "tool_progress", callId: "c1", chunk: "line one\nkey=sk-ant-0123456789abcdef\n" }));
    const live = screen.getByRole("status", { name: "Running shell" });
    expect(live.textContent).toContain("key=[redacted]");
    expect(document.body.innerHTML).not.toContain("sk-ant-0123456789abcdef");
    expect(document.body.innerHTML).not.toContain("abcdefgh12345");

    await play(backend, { type: "tool_finished", callId: "c1", name: "shell", status: "failed", output: "token sk-proj0123456789abcdefgh", summary: "Ran echo", durationMs: 1500, turnId: "t1", seq: 4 });
    expect(screen.queryByRole("status", { name: "Running shell" })).toBeNull();
    const row = screen.getByText("failed").closest("details");
    expect(row?.open).toBe(false);
    expect(row?.textContent).toContain("1.5 s");
    expect(row?.textContent).toContain("token [redacted]");
    expect(document.body.innerHTML).not.toContain("sk-proj0123456789abcdefgh");
    const write = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText: write }, configurable: true });
    fireEvent.click(screen.getByRole("button", { name: "Copy output" }));
    await vi.waitFor(() => expect(write).toHaveBeenCalledWith("token [redacted]"));
    void input;
  });

  it("never moves the keyboard from the composer to an approval, but offers a way there", async () => {
    const { backend, input } = setup();
    input.focus();
    fireEvent.change(input, { target: { value: "typing a follow-up" } });
    await play(backend, ...stream("t1", started("p"),
      { type: "approval_requested", requestId: "r1", callId: "c1", tool: "shell", kind: "shell", summary: "", detail: "make" }));
    expect(document.activeElement).toBe(input);
    fireEvent.click(screen.getByRole("button", { name: "Review it" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Allow once" }));
  });

  it("asks for approval inline and answers from the keyboard", async () => {
    const { backend, input } = setup();
    input.blur();
    await play(backend, ...stream("t1", started("p"),
      { type: "approval_requested", requestId: "r1", callId: "c1", tool: "shell", kind: "shell", summary: "deletes build output", headline: "This runs rm, which deletes files", detail: "rm -rf build" },
      { type: "approval_requested", requestId: "r2", callId: "c2", tool: "edit_file", kind: "edit", summary: "main.go", headline: "This writes main.go", detail: "@@ -1 +1 @@\n-old\n+new\n" }));
    const card = screen.getByRole("group", { name: "Approval needed: shell" });
    expect(card.textContent).toContain("This runs rm, which deletes files");
    expect(document.activeElement).toBe(screen.getAllByRole("button", { name: "Allow once" })[0]);
    expect(card.textContent).toContain("rm -rf build");
    expect(screen.getByLabelText("Proposed edit").querySelector("tr.diff-add")?.textContent).toBe("+added: new");
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Allow for session" })[0] as HTMLElement);
    });
    expect(backend.approve).toHaveBeenCalledWith("r1", { kind: "allow_session" });
    expect((screen.getAllByRole("button", { name: "Allow once" })[0] as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole("button", { name: "Deny…" })[1] as HTMLElement);
    const note = screen.getByLabelText("Note for the agent");
    expect(document.activeElement).toBe(note);
    fireEvent.change(note, { target: { value: "use a patch instead" } });
    await act(async () => {
      fireEvent.submit(note.closest("form") as HTMLFormElement);
    });
    expect(backend.approve).toHaveBeenCalledWith("r2", { kind: "deny", note: "use a patch instead" });
    await play(backend, { type: "approval_resolved", requestId: "r2", decision: "deny", turnId: "t1", seq: 4 },
      { type: "approval_resolved", requestId: "r1", decision: "allow_session", turnId: "t1", seq: 5 });
    expect(screen.getByText(/Denied: This writes main.go/)).toBeTruthy();
    expect(screen.getByText(/Allowed for this session/)).toBeTruthy();
  });

  it("counts down a rate-limit retry and offers Retry after a failure", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    try {
      const { backend } = setup();
      await play(backend, ...stream("t1", started("again please"), { type: "retry", class: "rate_limit", attempt: 1, delayMs: 5000 }));
      expect(screen.getByText(/retrying in 5 s/)).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(2000);
      });
      expect(screen.getByText(/retrying in 3 s/)).toBeTruthy();
      await play(backend, { type: "error", class: "server", message: "HTTP 500", turnId: "t1", seq: 3 });
      expect(screen.getByRole("alert").textContent).toContain("The provider had an internal error.");
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      });
      // A failed live turn is rerun in place, not sent again as a new message.
      expect(backend.regenerate).toHaveBeenCalledWith("t1");
      expect(backend.send).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("announces compaction in the conversation", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("p"), { type: "compacted", kind: "summary", before: 120000, after: 30000 }));
    expect(screen.getByRole("note").textContent).toContain("Context compacted");
  });

  it("shows a stored conversation it was opened with, and goes on from it", async () => {
    const backend = fakeBackend(ws);
    const at = "2026-11-22T04:00:00Z";
    const usage = { input_tokens: 100, output_tokens: 50, reasoning_tokens: 0, cost_usd: 0.02 };
    render(
      <ChatView backend={backend} workspace={ws} onOpenSettings={() => undefined} transcript={[
        { id: 1, session_id: "s", seq: 1, role: "user", text: "what is in main.go?", state: "complete", started_at: at, usage },
        { id: 2, session_id: "s", seq: 2, role: "assistant", text: "It has **main**.", state: "complete", started_at: at, finished_at: "2026-11-22T04:00:08Z", usage },
      ]} />,
    );
    expect(screen.getByText("what is in main.go?")).toBeTruthy();
    expect(screen.getByText("main").tagName).toBe("STRONG");
    expect(screen.getByText("Cooked for 8 s")).toBeTruthy();
    await play(backend, ...stream("t1", started("and now?"), text("Now this.")));
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("shows background failures from the backend in plain words", async () => {
    const { backend } = setup();
    await act(async () => backend.notice(new BridgeError("internal", "the conversation could not be saved: disk full")));
    expect(screen.getByRole("alert").textContent).toContain("the conversation could not be saved: disk full");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("adds files dropped on the window to the message as workspace-relative mentions", async () => {
    const { backend, input } = setup();
    fireEvent.change(input, { target: { value: "compare" } });
    await act(async () => backend.attach(["/home/me/proj/src/a.go", "/elsewhere/b.txt"]));
    expect(input.value).toBe("compare @src/a.go @/elsewhere/b.txt ");
  });

  it("unsubscribes when it goes away", () => {
    const backend = fakeBackend(ws);
    const { unmount } = render(<ChatView backend={backend} workspace={ws} onOpenSettings={() => undefined} />);
    expect(backend.listeners()).toBe(1);
    unmount();
    expect(backend.listeners()).toBe(0);
  });
});
