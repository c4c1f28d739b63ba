import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BridgeError } from "../../bridge";
import { ChatView } from "./ChatView";
import { fakeBackend } from "../testing/fakeBackend";
import { play, setup, ws } from "../testing/renderChat";
import { done, started, stream, text, usage } from "../testing/testkit";

describe("ChatView stream", () => {
  it("streams Markdown, then shows the time it worked, tokens and cost", async () => {
    const { backend } = setup();
    const evs = stream("t1", started("explain"), { type: "reasoning", text: "let me think" }, text("# Title\n\nSome "), text("**bold** text"),
      done({ elapsedMs: 65_000, usage: usage(1200, 340), cost: 0.0123 }));
    await play(backend, ...evs.slice(0, 4));
    expect(screen.getByRole("heading", { name: "Title" })).toBeTruthy();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText(/Working/)).toBeTruthy();
    const thinking = screen.getByText("Thinking").closest("details");
    expect(thinking?.open).toBe(false);
    await play(backend, ...evs.slice(4));
    expect(screen.getByText("Worked for 1 m 05 s")).toBeTruthy();
    expect(screen.getByText("used 1.5k tokens")).toBeTruthy();
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
    await waitFor(() => expect(write).toHaveBeenCalledWith("token [redacted]"));
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
    expect(backend.approve).toHaveBeenCalledWith("", "r1", { kind: "allow_session" });
    expect((screen.getAllByRole("button", { name: "Allow once" })[0] as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole("button", { name: "Deny…" })[1] as HTMLElement);
    const note = screen.getByLabelText("Note for the agent");
    expect(document.activeElement).toBe(note);
    fireEvent.change(note, { target: { value: "use a patch instead" } });
    await act(async () => {
      fireEvent.submit(note.closest("form") as HTMLFormElement);
    });
    expect(backend.approve).toHaveBeenCalledWith("", "r2", { kind: "deny", note: "use a patch instead" });
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
      expect(backend.regenerate).toHaveBeenCalledWith("", "t1");
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
    const usage = { input_tokens: 100, output_tokens: 50, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0.02 };
    render(
      <ChatView backend={backend} workspace={ws} onOpenSettings={() => undefined} transcript={[
        { id: 1, session_id: "s", seq: 1, role: "user", text: "what is in main.go?", state: "complete", started_at: at, first_token_at: "0001-01-01T00:00:00Z", finished_at: "0001-01-01T00:00:00Z", usage },
        { id: 2, session_id: "s", seq: 2, role: "assistant", text: "It has **main**.", state: "complete", started_at: at, first_token_at: at, finished_at: "2026-11-22T04:00:08Z", usage },
      ]} />,
    );
    expect(screen.getByText("what is in main.go?")).toBeTruthy();
    expect(screen.getByText("main").tagName).toBe("STRONG");
    expect(screen.getByText("Worked for 8 s")).toBeTruthy();
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
