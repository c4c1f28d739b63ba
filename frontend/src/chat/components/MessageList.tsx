import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { whenIdle } from "./idle";
import { filling, follow, initialWindow, newer, older, STEP, toEnd, type ListWindow } from "../state/listWindow";
import { prepare } from "./Markdown";
import type { ChatState } from "../state/state";
import { TurnView, type TurnActions } from "./TurnView";

/** How close to the end still counts as "at the bottom", in pixels. */
const NEAR_BOTTOM = 48;
/** Scrolling this close to the rendered edge slides the window. */
const NEAR_EDGE = 400;

interface Anchor {
  id: string;
  offset: number;
}

// The first turn in view and where it sits, to keep it there while turns
// are added or dropped around it.
function anchorOf(el: HTMLElement): Anchor | null {
  for (const t of el.querySelectorAll<HTMLElement>("[data-turn]")) {
    if (t.offsetTop + t.offsetHeight > el.scrollTop) return { id: t.dataset.turn ?? "", offset: t.offsetTop - el.scrollTop };
  }
  return null;
}

/**
 * MessageList follows the stream only while the reader is at the bottom;
 * once they scroll up it stays put and offers "Jump to latest"; a new turn
 * re-pins it. It renders a window of turns that slides as the reader
 * scrolls, keeping what they look at in place.
 */
export function MessageList({ state, actions }: { state: ChatState; actions: TurnActions }) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const anchor = useRef<Anchor | null>(null);
  const [showJump, setShowJump] = useState(false);
  const turns = state.order.length;
  const seenTurns = useRef(turns);

  const [win, setWin] = useState<ListWindow>(() => initialWindow(turns));
  if (win.turns !== turns) setWin(follow(win, turns));

  const slide = useCallback((move: (w: ListWindow) => ListWindow) => {
    const el = scroller.current;
    if (el && !pinned.current) anchor.current = anchorOf(el);
    setWin(move);
  }, []);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const pin = useCallback(() => {
    pinned.current = true;
    anchor.current = null;
    setShowJump(false);
    setWin(toEnd);
    toBottom();
  }, [toBottom]);

  // After every change of the conversation or the window, follow the end
  // if pinned, else keep the anchored turn where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (turns > seenTurns.current) pinned.current = true;
    seenTurns.current = turns;
    const a = anchor.current;
    anchor.current = null;
    if (pinned.current) toBottom();
    else if (el && a) {
      const t = el.querySelector<HTMLElement>(`[data-turn="${CSS.escape(a.id)}"]`);
      if (t) el.scrollTop = t.offsetTop - a.offset;
    }
    if (!pinned.current) setShowJump(true);
  }, [state, turns, win, toBottom]);

  // Fill the first screenfuls of a long history a step per frame.
  useEffect(() => {
    if (!filling(win)) return;
    const f = requestAnimationFrame(() => slide(older));
    return () => cancelAnimationFrame(f);
  }, [win, slide]);

  // Parse the turns just above the window while idle, so sliding up is cheap.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  useEffect(() => {
    if (win.first === 0) return;
    const s = latest.current;
    const ids = s.order.slice(Math.max(0, win.first - 2 * STEP), win.first).reverse();
    return whenIdle(
      ids.map((id) => () => s.turns[id]?.parts.forEach((p) => p.kind === "text" && prepare(p.text))),
    );
  }, [win.first]);

  // Growth that is not a state change (a row expanding, fonts loading) is followed too.
  useEffect(() => {
    const c = content.current;
    if (!c || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => {
      if (pinned.current) toBottom();
    });
    ro.observe(c);
    return () => ro.disconnect();
  }, [toBottom]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || anchor.current) return;
    const bottom = atBottom(el) && win.last === win.turns;
    pinned.current = bottom;
    if (bottom) setShowJump(false);
    if (win.first > 0 && el.scrollTop < NEAR_EDGE) slide(older);
    else if (win.last < win.turns && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_EDGE) slide(newer);
  };

  return (
    <div className="message-scroller" ref={scroller} onScroll={onScroll} tabIndex={-1}>
      <div className="message-list" ref={content} role="log" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        {win.first > 0 && (
          <button type="button" className="link show-earlier" onClick={() => slide(older)}>
            Show earlier messages ({win.first} more)
          </button>
        )}
        {state.order.slice(win.first, win.last).map((id) => {
          const t = state.turns[id];
          return t ? <TurnView key={id} turn={t} actions={actions} latest={id === state.order[state.order.length - 1]} /> : null;
        })}
        {win.last < win.turns && (
          <button type="button" className="link show-later" onClick={() => slide(newer)}>
            Show later messages
          </button>
        )}
      </div>
      {showJump && (
        <button type="button" className="jump-latest" onClick={pin}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
}
