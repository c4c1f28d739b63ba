import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BridgeError } from "../../bridge";
import type { ChatEvent } from "../../bridge/protocol";
import { play, setup } from "../testing/renderChat";
import { done, started, stream, text, usage } from "../testing/testkit";

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
    expect(backend.send).toHaveBeenCalledWith("", "hello");
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
    expect(backend.removeQueued).toHaveBeenCalledWith("", "q2");
    expect(screen.queryByText("and another")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    });
    expect(backend.resumeQueue).toHaveBeenCalled();
    expect(screen.getByText("Queued: waits for the current reply.")).toBeTruthy();
  });

  it("gives the focus back to the composer when a turn ends and after Stop", async () => {
    const { backend, input } = setup();
    await play(backend, ...stream("t1", started("p"), text("partial")));
    const stop = screen.getByRole("button", { name: "Stop" });
    stop.focus();
    fireEvent.click(stop);
    await play(backend, { turnId: "t1", seq: 3, type: "done", text: "partial", iterations: 1, elapsedMs: 5, stopped: true, usage: usage(1, 1), cost: null });
    expect(document.activeElement).toBe(input);

    // A turn that ends while the focus is on the page (an answered card, a click on the transcript).
    await play(backend, ...stream("t2", started("q"), text("more")));
    input.blur();
    expect(document.activeElement).toBe(document.body);
    await play(backend, { turnId: "t2", seq: 3, type: "done", text: "more", iterations: 1, elapsedMs: 5, stopped: false, usage: usage(1, 1), cost: null });
    expect(document.activeElement).toBe(input);
  });

  it("leaves the focus where the user put it when a turn ends", async () => {
    const { backend, input } = setup();
    await play(backend, ...stream("t1", started("p"), text("partial")));
    const elsewhere = screen.getByRole("button", { name: "Permissions" });
    elsewhere.focus();
    await play(backend, { turnId: "t1", seq: 3, type: "done", text: "partial", iterations: 1, elapsedMs: 5, stopped: false, usage: usage(1, 1), cost: null });
    expect(document.activeElement).toBe(elsewhere);
    expect(document.activeElement).not.toBe(input);
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
