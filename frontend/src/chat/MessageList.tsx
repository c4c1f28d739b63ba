import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ChatState } from "./state";
import { TurnView, type TurnActions } from "./TurnView";

/** How close to the end still counts as "at the bottom", in pixels. */
const NEAR_BOTTOM = 48;

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
}

/**
 * MessageList follows the stream only while the reader is at the bottom;
 * once they scroll up it stays put and offers "Jump to latest". A new turn
 * of the user's own re-pins it.
 */
export function MessageList({ state, actions }: { state: ChatState; actions: TurnActions }) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const turns = state.order.length;
  const seenTurns = useRef(turns);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const pin = useCallback(() => {
    pinned.current = true;
    setShowJump(false);
    toBottom();
  }, [toBottom]);

  // After every change of the conversation, follow it if pinned.
  useLayoutEffect(() => {
    if (turns > seenTurns.current) pinned.current = true;
    seenTurns.current = turns;
    if (pinned.current) toBottom();
    else setShowJump(true);
  }, [state, turns, toBottom]);

  // Growth that is not a state change (a row expanding, code highlighting,
  // fonts loading) is followed too.
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
    if (!el) return;
    const bottom = atBottom(el);
    pinned.current = bottom;
    if (bottom) setShowJump(false);
  };

  return (
    <div className="message-scroller" ref={scroller} onScroll={onScroll} tabIndex={-1}>
      <div className="message-list" ref={content} role="log" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        {state.order.map((id) => {
          const t = state.turns[id];
          return t ? <TurnView key={id} turn={t} actions={actions} /> : null;
        })}
      </div>
      {showJump && (
        <button type="button" className="jump-latest" onClick={pin}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
