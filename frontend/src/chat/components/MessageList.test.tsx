import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INITIAL, MAX, STEP } from "../state/listWindow";
import { MessageList } from "./MessageList";
import { chatReducer, initialState, type ChatState } from "../state/state";
import { done, started, stream, text } from "../testing/testkit";
import type { ChatEvent } from "../../bridge/protocol";
import type { TurnActions } from "./TurnView";

const actions: TurnActions = {
  onAnswer: () => undefined, onOpenSettings: () => undefined, onRetry: () => undefined, onReplace: async () => true,
  onSwitchVersion: () => undefined, onFork: () => undefined,
  onUndo: () => undefined, onCompact: () => undefined, onResumeQueue: () => undefined, onRemoveQueued: () => undefined, busy: false,
};

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

function history(n: number): ChatState {
  const events: ChatEvent[] = [];
  for (let i = 0; i < n; i++) events.push(...stream(`h${i}`, started(`question ${i}`), text(`answer ${i}`), done()));
  return chatReducer(initialState, { type: "events", events, now: 0 });
}

const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
const shown = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>("[data-turn]")].map((e) => e.dataset.turn);

describe("MessageList window", () => {
  it("opens a long history with its newest turns, filling a step per frame", async () => {
    const { container } = render(<MessageList state={history(300)} actions={actions} />);
    expect(shown(container)).toHaveLength(STEP);
    expect(shown(container).at(-1)).toBe("h299");
    for (let i = 0; i < INITIAL / STEP + 2; i++) await frame();
    expect(shown(container)).toHaveLength(INITIAL);
    expect(shown(container)[0]).toBe(`h${300 - INITIAL}`);
  });

  it("shows earlier turns on request, never more than MAX, and returns to the latest with a new turn", async () => {
    const total = 2 * MAX;
    let s = history(total);
    const { container, rerender } = render(<MessageList state={s} actions={actions} />);
    // Each step waits for the button's new count in the DOM; found by its
    // text, as a role query over fifty rendered turns is slow under load.
    // First the window fills to its opening size, a step per frame.
    const start = total - INITIAL;
    let more = await screen.findByText(`Show earlier messages (${start} more)`, { selector: "button" }, { timeout: 4000 });
    const clicks = (MAX - INITIAL) / STEP + 2;
    for (let i = 1; i <= clicks; i++) {
      act(() => more.click());
      more = await screen.findByText(`Show earlier messages (${start - i * STEP} more)`, { selector: "button" });
    }
    const ids = shown(container);
    expect(ids.length).toBe(MAX);
    expect(ids[0]).toBe(`h${start - clicks * STEP}`);
    expect(await screen.findByText("Show later messages", { selector: "button" })).toBeTruthy();
    s = chatReducer(s, { type: "sent", turnId: "new", prompt: "latest", queued: false });
    rerender(<MessageList state={s} actions={actions} />);
    await waitFor(() => expect(shown(container).at(-1)).toBe("new"));
    expect(screen.queryByText("Show later messages", { selector: "button" })).toBeNull();
  });
});
