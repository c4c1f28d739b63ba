// The chat state of every conversation the window holds, keyed by the
// conversation id the backend gives each; the shown one is rendered, the
// others keep receiving their events.
import { chatReducer, initialState } from "./state";
import type { ChatAction, ChatState, Incoming } from "./model";

export type Conversations = Record<string, ChatState>;

/** One chat event and the conversation it came from. */
export interface Routed {
  conv: string;
  event: Incoming;
}

export type ConversationsAction =
  /** events as they arrived, of any conversations, applied each to its own */
  | { type: "events"; events: Routed[]; now: number }
  /** one of the chat's own actions, for conversation conv */
  | { type: "chat"; conv: string; action: ChatAction }
  /** a stored conversation shown for the first time (kept when conv already has state) */
  | { type: "seed"; conv: string; state: ChatState }
  /** a conversation the backend released, or a folder closed (all) */
  | { type: "drop"; conv?: string };

export function conversationsReducer(s: Conversations, a: ConversationsAction): Conversations {
  switch (a.type) {
    case "events": {
      const byConv = new Map<string, Incoming[]>();
      for (const { conv, event } of a.events) {
        const list = byConv.get(conv);
        if (list) list.push(event);
        else byConv.set(conv, [event]);
      }
      if (byConv.size === 0) return s;
      const next = { ...s };
      for (const [conv, events] of byConv) next[conv] = chatReducer(s[conv] ?? initialState, { type: "events", events, now: a.now });
      return next;
    }
    case "chat":
      return { ...s, [a.conv]: chatReducer(s[a.conv] ?? initialState, a.action) };
    case "seed":
      return a.conv in s ? s : { ...s, [a.conv]: a.state };
    case "drop": {
      if (a.conv === undefined) return {};
      if (!(a.conv in s)) return s;
      const gone = a.conv;
      return Object.fromEntries(Object.entries(s).filter(([id]) => id !== gone));
    }
  }
}

/** stateOf is conversation conv's chat state (empty before its first event). */
export function stateOf(s: Conversations, conv: string): ChatState {
  return s[conv] ?? initialState;
}
