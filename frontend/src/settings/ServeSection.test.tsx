import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ServeBackend, ServeEvent, ServeView } from "../bridge/serve";
import { parseServeEvent } from "../bridge/serve";
import { ServeSection } from "./ServeSection";

const off: ServeView = { running: false, url: "", workspace: "", error: "" };
const on: ServeView = { running: true, url: "http://127.0.0.1:8765", workspace: "/home/me/proj", error: "" };

function fake(start: () => Promise<ServeView> = async () => on) {
  let listener: (e: ServeEvent) => void = () => undefined;
  const backend: ServeBackend = {
    servingStatus: vi.fn(async () => off),
    startServing: vi.fn(start),
    stopServing: vi.fn(async () => off),
    answerServedApproval: vi.fn(async () => undefined),
    onServe: (cb) => {
      listener = cb;
      return () => undefined;
    },
  };
  return { backend, send: (e: ServeEvent) => act(() => listener(e)) };
}

// mount renders the section once its state has loaded.
async function mount(backend: ServeBackend) {
  render(<ServeSection backend={backend} />);
  await act(async () => undefined);
  return screen.getByRole("checkbox", { name: "Serve the agent on this computer" });
}

describe("ServeSection", () => {
  it("starts and stops serving and says where", async () => {
    const { backend } = fake();
    const box = await mount(backend);
    await act(async () => fireEvent.click(box));
    expect(backend.startServing).toHaveBeenCalled();
    expect(screen.getByTestId("serve-status").textContent).toContain("http://127.0.0.1:8765/v1");
    await act(async () => fireEvent.click(box));
    expect(backend.stopServing).toHaveBeenCalled();
    expect(screen.queryByTestId("serve-status")).toBeNull();
  });

  it("shows a served turn's approval as a card and sends the answer", async () => {
    const { backend, send } = fake();
    await mount(backend);
    send({ type: "approval_requested", requestId: "r1", callId: "c1", tool: "shell", kind: "shell", summary: "make test", detail: "make test" });
    const card = screen.getByRole("group", { name: "Approval needed: shell" });
    expect(card.textContent).toContain("make test");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /allow once/i })));
    expect(backend.answerServedApproval).toHaveBeenCalledWith("r1", "allow_once", "");
    send({ type: "approval_resolved", requestId: "r1", decision: "allow_once" });
    expect(screen.queryByRole("group", { name: "Approval needed: shell" })).toBeNull();
  });

  it("says why serving could not start", async () => {
    const { backend } = fake(async () => Promise.reject(new Error("cannot listen on 127.0.0.1:8765: address already in use")));
    const box = await mount(backend);
    await act(async () => fireEvent.click(box));
    expect(screen.getByRole("alert").textContent).toContain("address already in use");
  });

  it("drops malformed events", () => {
    expect(parseServeEvent({ type: "approval_requested", requestId: 3 })).toBeNull();
    expect(parseServeEvent({ type: "status", status: on })).toEqual({ type: "status", status: on });
  });
});
