import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChatView } from "./ChatView";
import { VersionSwitcher } from "./VersionSwitcher";
import { fakeBackend } from "../testing/fakeBackend";
import { play, setup, ws } from "../testing/renderChat";
import { done, started, stream, text } from "../testing/testkit";
import type { SessionMessage, TranscriptView } from "../../bridge/sessions";
import { fromTranscript } from "../state/transcript";

const usage = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 };

function msg(id: number, role: "user" | "assistant", text: string, v?: [number, number]): SessionMessage {
  return {
    id, session_id: "s1", seq: id, role, text, state: "complete", started_at: "2026-01-01T00:00:00Z", usage,
    ...(v ? { version: v[0], versions: v[1] } : {}),
  } as SessionMessage;
}

function transcript(messages: SessionMessage[]): TranscriptView {
  return { session: { id: "s1", workspace: ws.path, title: "t", created_at: "", updated_at: "", usage }, messages } as unknown as TranscriptView;
}

describe("VersionSwitcher", () => {
  it("steps to the version before and after, and stops at the ends", () => {
    const onSwitch = vi.fn();
    const { rerender } = render(<VersionSwitcher n={2} of={3} onSwitch={onSwitch} />);
    expect(screen.getByLabelText("Version 2 of 3").textContent).toBe("2/3");
    fireEvent.click(screen.getByRole("button", { name: "Previous version" }));
    fireEvent.click(screen.getByRole("button", { name: "Next version" }));
    expect(onSwitch.mock.calls).toEqual([[1], [3]]);
    rerender(<VersionSwitcher n={3} of={3} onSwitch={onSwitch} />);
    expect((screen.getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<VersionSwitcher n={1} of={1} onSwitch={onSwitch} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("reads a stored turn's version from the transcript", () => {
    const s = fromTranscript([msg(5, "user", "pick", [2, 3]), msg(6, "assistant", "pear")]);
    expect(s.turns.m5?.versions).toEqual({ n: 2, of: 3 });
  });

  it("a regenerated turn shows 2/2, and switching shows the earlier answer from the backend", async () => {
    const { backend } = setup();
    vi.mocked(backend.regenerate).mockResolvedValueOnce({ turnId: "b", queued: false, version: 2, versions: 2 });
    vi.mocked(backend.switchVersion).mockResolvedValueOnce(transcript([msg(1, "user", "first", [1, 2]), msg(2, "assistant", "the earlier answer")]));
    await play(backend, ...stream("a", started("first"), text("one"), done()));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    });
    await play(backend, ...stream("b", started("first"), text("the newer answer"), done()));
    expect(screen.getByLabelText("Version 2 of 2")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Previous version" }));
    });
    expect(backend.switchVersion).toHaveBeenCalledWith("", "b", 1);
    expect(screen.getByText("the earlier answer")).toBeTruthy();
    expect(screen.queryByText("the newer answer")).toBeNull();
    expect(screen.getByLabelText("Version 1 of 2")).toBeTruthy();
  });

  it("offers no switch while a turn runs", async () => {
    const backend = fakeBackend(ws);
    render(<ChatView backend={backend} workspace={ws} onOpenSettings={vi.fn()} transcript={[msg(1, "user", "first", [1, 2]), msg(2, "assistant", "one")]} />);
    expect((screen.getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(false);
    await play(backend, ...stream("c", started("more")));
    expect((screen.getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("forks a turn into a new conversation and hands it on", async () => {
    const backend = fakeBackend(ws);
    const onForked = vi.fn();
    render(<ChatView backend={backend} workspace={ws} onOpenSettings={vi.fn()} onForked={onForked} transcript={[msg(1, "user", "first"), msg(2, "assistant", "one")]} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Fork into a new conversation" }));
    });
    expect(backend.forkTurn).toHaveBeenCalledWith("", "m1");
    expect(onForked).toHaveBeenCalledOnce();
  });
});
