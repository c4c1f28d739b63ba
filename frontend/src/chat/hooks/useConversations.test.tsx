import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Backend } from "../../bridge";
import { fakeBackend, nextFrame } from "../testing/fakeBackend";
import { useConversations } from "./useConversations";

// Probe shows which conversations have a chat state.
function Probe({ backend }: { backend: Backend }) {
  const { all } = useConversations(backend);
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
});
