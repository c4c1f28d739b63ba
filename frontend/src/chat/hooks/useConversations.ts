import { createContext, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import type { Backend } from "../../bridge";
import { conversationsReducer, type Conversations, type ConversationsAction, type Routed } from "../state/conversations";

/** ChatStore is every held conversation's chat state and the way to change it. */
export interface ChatStore {
  all: Conversations;
  dispatch: (a: ConversationsAction) => void;
}

/**
 * useConversations keeps the chat state of every conversation: each "chat"
 * event goes to the conversation it names, whether shown or not, until the
 * backend releases the conversation. Events are
 * queued and applied once per animation frame, so a fast stream costs one
 * render per frame. enabled false subscribes to nothing (a caller given a
 * store of its parent's).
 *
 * shown is the conversation the window shows. Its state outlives its
 * release until the window shows another: the backend releases it as soon
 * as a new chat is shown there, before the window has switched, and
 * emptying it then would show a blank chat that drops what is typed into it.
 */
export function useConversations(backend: Backend, enabled = true, shown?: string): ChatStore {
  const [all, dispatch] = useReducer(conversationsReducer, {});
  const shownNow = useRef(shown);
  const lingering = useRef(new Set<string>());
  useEffect(() => {
    shownNow.current = shown;
    for (const conv of lingering.current) {
      if (conv === shown) continue;
      lingering.current.delete(conv);
      dispatch({ type: "drop", conv });
    }
  }, [shown]);
  useEffect(() => {
    if (!enabled) return;
    let queue: Routed[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const events = queue;
      queue = [];
      dispatch({ type: "events", events, now: Date.now() });
    };
    const off = backend.onChatEvent((event, conv) => {
      queue.push({ conv: conv ?? "", event });
      if (frame === 0) frame = requestAnimationFrame(flush);
    });
    // A released conversation's state goes with it (its last events
    // applied first, so none brings it back).
    const offReleased = backend.onReleased((convs) => {
      if (frame !== 0) {
        cancelAnimationFrame(frame);
        flush();
      }
      for (const conv of convs) {
        if (conv === shownNow.current) lingering.current.add(conv);
        else dispatch({ type: "drop", conv });
      }
    });
    return () => {
      off();
      offReleased();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [backend, enabled]);
  return useMemo(() => ({ all, dispatch }), [all]);
}

/** The conversation a chat's cards act on (approve a plan, answer a question). */
export const ConversationId = createContext("");

export const useConversationId = () => useContext(ConversationId);
