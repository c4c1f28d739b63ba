import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageList } from "./MessageList";
import { chatReducer, initialState, type ChatState } from "./state";
import { started, stream, text } from "./testkit";
import type { TurnActions } from "./TurnView";

const actions: TurnActions = { onAnswer: () => undefined, onOpenSettings: () => undefined, onRetry: () => undefined };

// happy-dom does no layout: give the scroller a fixed viewport whose
// content height grows with the text, as a browser would.
function fakeLayout(el: HTMLElement) {
  let top = 0;
  Object.defineProperty(el, "clientHeight", { configurable: true, get: () => 200 });
  const list = () => el.querySelector(".message-list")?.textContent ?? "";
  Object.defineProperty(el, "scrollHeight", { configurable: true, get: () => 200 + list().length * 10 });
  Object.defineProperty(el, "scrollTop", {
    configurable: true,
    get: () => Math.min(top, el.scrollHeight - el.clientHeight),
    set: (v: number) => {
      top = Math.max(0, Math.min(v, el.scrollHeight - el.clientHeight));
    },
  });
}

function grow(s: ChatState, turnId: string, seq: number, t: string): ChatState {
  return chatReducer(s, { type: "events", events: [{ type: "text", text: t, turnId, seq }], now: 0 });
}

describe("MessageList autoscroll", () => {
  it("follows the stream at the bottom, stays put when scrolled up, and jumps back", () => {
    let s = chatReducer(initialState, { type: "events", events: stream("t1", started("p"), text("a")), now: 0 });
    const { container, rerender } = render(<MessageList state={s} actions={actions} />);
    const el = container.querySelector(".message-scroller") as HTMLElement;
    fakeLayout(el);
    s = grow(s, "t1", 3, " more text");
    rerender(<MessageList state={s} actions={actions} />);
    const bottom = el.scrollHeight - el.clientHeight;
    expect(el.scrollTop).toBe(bottom);
    expect(screen.queryByRole("button", { name: /Jump to latest/ })).toBeNull();

    el.scrollTop = 10;
    fireEvent.scroll(el);
    s = grow(s, "t1", 4, " and even more text");
    rerender(<MessageList state={s} actions={actions} />);
    expect(el.scrollTop).toBe(10);
    const jump = screen.getByRole("button", { name: /Jump to latest/ });

    act(() => jump.click());
    expect(el.scrollTop).toBe(el.scrollHeight - el.clientHeight);
    expect(screen.queryByRole("button", { name: /Jump to latest/ })).toBeNull();
    s = grow(s, "t1", 5, " follow again");
    rerender(<MessageList state={s} actions={actions} />);
    expect(el.scrollTop).toBe(el.scrollHeight - el.clientHeight);
  });

  it("re-pins when the user starts a new turn", () => {
    let s = chatReducer(initialState, { type: "events", events: stream("t1", started("p"), text("a")), now: 0 });
    const { container, rerender } = render(<MessageList state={s} actions={actions} />);
    const el = container.querySelector(".message-scroller") as HTMLElement;
    fakeLayout(el);
    s = grow(s, "t1", 3, " long answer text here");
    rerender(<MessageList state={s} actions={actions} />);
    el.scrollTop = 0;
    fireEvent.scroll(el);
    s = chatReducer(s, { type: "sent", turnId: "t2", prompt: "next question", queued: false });
    rerender(<MessageList state={s} actions={actions} />);
    expect(el.scrollTop).toBe(el.scrollHeight - el.clientHeight);
  });
});
