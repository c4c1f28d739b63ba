// The sessions sidebar's state: a pure reducer over backend results and
// user actions, plus the date grouping and snippet parsing it renders.
import type { SessionHit, SessionView } from "../bridge/shell";

export interface PendingDelete {
  session: SessionView;
  /** deadline is when the Undo offer lapses (ms since epoch). */
  deadline: number;
}

export interface SessionsState {
  /** workspace is the folder items belong to. */
  workspace: string | null;
  items: SessionView[];
  loaded: boolean;
  error: string | null;
  currentId: string | null;
  editingId: string | null;
  pending: PendingDelete | null;
  query: string;
  /** hits answer hitsFor; null when no search has answered yet. */
  hits: SessionHit[] | null;
  hitsFor: string;
  notice: string | null;
}

export type SessionsAction =
  | { type: "loaded"; workspace: string; items: SessionView[] }
  | { type: "failed"; message: string }
  | { type: "opened"; id: string }
  /** the backend says which conversation the chat is saved to ("" none yet) */
  | { type: "live"; id: string }
  | { type: "newChat" }
  | { type: "startRename"; id: string }
  | { type: "cancelRename" }
  | { type: "renamed"; id: string; title: string }
  | { type: "deleted"; id: string; deadline: number }
  | { type: "undoLapsed"; id: string }
  | { type: "restored"; id: string }
  | { type: "query"; query: string }
  | { type: "hits"; query: string; hits: SessionHit[] }
  | { type: "notice"; message: string | null };

export const initialSessions: SessionsState = {
  workspace: null, items: [], loaded: false, error: null, currentId: null, editingId: null, pending: null,
  query: "", hits: null, hitsFor: "", notice: null,
};

const newestFirst = (a: SessionView, b: SessionView) => b.updatedAt - a.updatedAt;

export function sessionsReducer(s: SessionsState, a: SessionsAction): SessionsState {
  switch (a.type) {
    case "loaded": {
      // A list fetched before the delete landed must not bring the row back.
      const hidden = s.pending?.session.id;
      const items = a.items.filter((x) => x.id !== hidden).sort(newestFirst);
      const editingId = items.some((x) => x.id === s.editingId) ? s.editingId : null;
      // Another folder's list: nothing of the old one is current any more.
      const currentId = a.workspace === s.workspace ? s.currentId : null;
      return { ...s, workspace: a.workspace, items, loaded: true, error: null, editingId, currentId };
    }
    case "failed":
      return { ...s, loaded: true, error: a.message };
    case "opened":
      return { ...s, currentId: a.id, error: null };
    case "live":
      return { ...s, currentId: a.id === "" ? null : a.id };
    case "newChat":
      return { ...s, currentId: null, error: null };
    case "startRename":
      return s.items.some((x) => x.id === a.id) ? { ...s, editingId: a.id } : s;
    case "cancelRename":
      return { ...s, editingId: null };
    case "renamed":
      return { ...s, editingId: null, items: s.items.map((x) => (x.id === a.id ? { ...x, title: a.title } : x)) };
    case "deleted": {
      const session = s.items.find((x) => x.id === a.id);
      if (!session) return s;
      return {
        ...s,
        items: s.items.filter((x) => x.id !== a.id),
        pending: { session, deadline: a.deadline },
        currentId: s.currentId === a.id ? null : s.currentId,
        editingId: s.editingId === a.id ? null : s.editingId,
      };
    }
    case "undoLapsed":
      return s.pending?.session.id === a.id ? { ...s, pending: null } : s;
    case "restored": {
      if (s.pending?.session.id !== a.id) return s;
      const items = s.items.some((x) => x.id === a.id) ? s.items : [...s.items, s.pending.session].sort(newestFirst);
      return { ...s, items, pending: null };
    }
    case "query":
      return a.query.trim() === "" ? { ...s, query: a.query, hits: null, hitsFor: "" } : { ...s, query: a.query };
    case "hits":
      // Answers to an older query arrive late; only the current one counts.
      return a.query === s.query ? { ...s, hits: a.hits, hitsFor: a.query } : s;
    case "notice":
      return { ...s, notice: a.message };
  }
}

export type DateGroup = "Today" | "Yesterday" | "Previous 7 days" | "Older";

/** groupByDate buckets newest-first sessions by local calendar day relative to now. */
export function groupByDate(items: SessionView[], now: Date): { label: DateGroup; items: SessionView[] }[] {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  const week = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7).getTime();
  const order: DateGroup[] = ["Today", "Yesterday", "Previous 7 days", "Older"];
  const buckets = new Map<DateGroup, SessionView[]>(order.map((l) => [l, []]));
  for (const it of items) {
    const t = it.updatedAt;
    // A clock set back can date a session in the future: that is still today.
    const label: DateGroup = t >= midnight ? "Today" : t >= yesterday ? "Yesterday" : t >= week ? "Previous 7 days" : "Older";
    buckets.get(label)?.push(it);
  }
  return order.map((label) => ({ label, items: buckets.get(label) ?? [] })).filter((g) => g.items.length > 0);
}

export interface Segment {
  text: string;
  match: boolean;
}

/** markedSegments splits a history snippet whose matches are wrapped in [ and ]. */
export function markedSegments(snippet: string): Segment[] {
  const out: Segment[] = [];
  let rest = snippet;
  while (rest !== "") {
    const open = rest.indexOf("[");
    const close = open < 0 ? -1 : rest.indexOf("]", open + 1);
    if (open < 0 || close < 0) {
      out.push({ text: rest, match: false });
      break;
    }
    if (open > 0) out.push({ text: rest.slice(0, open), match: false });
    if (close > open + 1) out.push({ text: rest.slice(open + 1, close), match: true });
    rest = rest.slice(close + 1);
  }
  return out;
}

/** sessionTitle is what a row shows for a conversation not yet titled. */
export const sessionTitle = (s: { title: string }) => (s.title.trim() === "" ? "Untitled conversation" : s.title);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** relativeTime says how long ago t was, in the sidebar's few words ("5 min ago"). */
export function relativeTime(t: number, now: number): string {
  const ago = Math.max(0, now - t);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  const d = new Date(t);
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString(undefined, sameYear ? { month: "short", day: "numeric" } : { year: "numeric", month: "short", day: "numeric" });
}

/** fullDate is the tooltip beside a relative time. */
export const fullDate = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
