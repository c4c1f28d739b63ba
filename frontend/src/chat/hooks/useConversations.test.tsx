import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Backend } from "../../bridge";
import { fakeBackend, nextFrame } from "../testing/fakeBackend";
import { useConversations } from "./useConversations";

// Probe shows which conversations have a chat state.
function Probe({ backend, shown }: { backend: Backend; shown?: string }) {
  const { all } = useConversations(backend, true, shown);
  return <output>{Object.keys(all).sort().join(" ")}</output>;
}

const started = (turnId: string) => ({ type: "turn_started" as const, prompt: "hi", startedAt: 1, turnId, seq: 1 });

describe("useConversations", () => {
  it("keeps each conversation's state until the backend releases it, and a late event does not bring it back", async () => {
    const backend = fakeBackend(null);
    render(<Probe backend={backend} />);
    const held = () => screen.getByRole("status").textContent;
    await act(async () => {
      backend.emitIn("c1", started("t1"));
      backend.emitIn("c2", started("t2"));
      await nextFrame();
    });
    expect(held()).toBe("c1 c2");
    await act(async () => {
      backend.emitIn("c1", { type: "text", turnId: "t1", seq: 2, text: "late" });
      backend.release("c1");
      await nextFrame();
    });
    expect(held()).toBe("c2");
    await act(async () => {
      backend.emitIn("c3", started("t3"));
      await nextFrame();
    });
    expect(held()).toBe("c2 c3");
  });

  it("keeps the shown conversation's state through its release until another is shown", async () => {
    const backend = fakeBackend(null);
    const { rerender } = render(<Probe backend={backend} shown="c1" />);
    const held = () => screen.getByRole("status").textContent;
    await act(async () => {
      backend.emitIn("c1", started("t1"));
      backend.emitIn("c2", started("t2"));
      await nextFrame();
    });
    // A new chat shown in the backend releases c1 before the window has switched.
    act(() => backend.release("c1", "c2"));
    expect(held()).toBe("c1");
    rerender(<Probe backend={backend} shown="c3" />);
    expect(held()).toBe("");
  });
});
