import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Composer } from "../components/Composer";
import { UnsentContext, UnsentDrafts } from "./useUnsent";

// One conversation's composer, as ChatView renders it, in a window keeping drafts.
function Shown({ store, keys, onSend = async () => true }: { store: UnsentDrafts; keys: string[]; onSend?: () => Promise<boolean> }) {
  return (
    <UnsentContext.Provider value={store}>
      <Composer key={keys.join()} streaming={false} onSend={onSend} onStop={() => undefined} keepAs={keys} />
    </UnsentContext.Provider>
  );
}

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

describe("unsent drafts", () => {
  it("keeps each conversation's unsent text across switches, and forgets it once sent", async () => {
    const store = new UnsentDrafts();
    const { rerender } = render(<Shown store={store} keys={["c1", "s1"]} />);
    fireEvent.change(box(), { target: { value: "half a thought" } });
    rerender(<Shown store={store} keys={["c2", ""]} />);
    expect(box().value).toBe("");
    fireEvent.change(box(), { target: { value: "other" } });
    // Released meanwhile, c1 comes back under a new id: its session finds the draft.
    rerender(<Shown store={store} keys={["c3", "s1"]} />);
    expect(box().value).toBe("half a thought");
    await act(async () => {
      fireEvent.keyDown(box(), { key: "Enter" });
    });
    rerender(<Shown store={store} keys={["c2", ""]} />);
    expect(box().value).toBe("other");
    rerender(<Shown store={store} keys={["c3", "s1"]} />);
    expect(box().value).toBe("");
  });

  it("a key learned late files nothing until the text changes", () => {
    const store = new UnsentDrafts();
    store.put(["s1"], { text: "s1's draft", files: [] });
    const { rerender } = render(
      <UnsentContext.Provider value={store}>
        <Composer streaming={false} onSend={vi.fn(async () => true)} onStop={() => undefined} keepAs={["c9", ""]} />
      </UnsentContext.Provider>,
    );
    rerender(
      <UnsentContext.Provider value={store}>
        <Composer streaming={false} onSend={vi.fn(async () => true)} onStop={() => undefined} keepAs={["c9", "s1"]} />
      </UnsentContext.Provider>,
    );
    expect(box().value).toBe("");
    expect(store.get(["s1"])?.text).toBe("s1's draft");
  });

  it("puts a prompt the backend did not take back, and keeps it", async () => {
    const store = new UnsentDrafts();
    const { rerender } = render(<Shown store={store} keys={["c1"]} onSend={async () => false} />);
    fireEvent.change(box(), { target: { value: "try me" } });
    await act(async () => {
      fireEvent.keyDown(box(), { key: "Enter" });
    });
    expect(box().value).toBe("try me");
    rerender(<Shown store={store} keys={["c2"]} />);
    rerender(<Shown store={store} keys={["c1"]} />);
    expect(box().value).toBe("try me");
  });
});
