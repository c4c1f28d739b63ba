import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { BridgeError } from "../bridge";
import type { AttachmentExport, ConversationState, ExportFormat, ShellBackend, TranscriptView } from "../bridge/shell";
import { initialSessions, sessionsReducer, type SessionsState } from "./state";

/** How long a deleted conversation can be brought back. */
export const UNDO_MS = 8000;
const none: ConversationState[] = [];

/** Typing pause before a history search runs. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface SessionsHandlers {
  onOpen: (t: TranscriptView) => void;
  /** a new conversation (its id), or the shown one's stored conversation was deleted (no id) */
  onNewChat: (conversation?: string) => void;
}

/** SessionsActions stay the same object for the hook's life, so rows can skip re-rendering. */
export interface SessionsActions {
  newChat(): Promise<void>;
  open(id: string): Promise<void>;
  /** adopted shows a conversation the backend already made current (a fork) */
  adopted(t: TranscriptView): void;
  startRename(id: string): void;
  cancelRename(): void;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
  undo(): Promise<void>;
  setQuery(q: string): void;
  exportAs(id: string, format: ExportFormat, attachments?: AttachmentExport): Promise<void>;
  dismissNotice(): void;
}

export interface SessionsController extends SessionsActions {
  state: SessionsState;
  actions: SessionsActions;
  /** the held conversations' states (running, needs you, …), for the badges */
  states: ConversationState[];
}

const message = (e: unknown) => (e instanceof Error ? (e as BridgeError).message : String(e));

/** useSessions keeps the sidebar in step with the backend for one workspace (null: none open). */
export function useSessions(shell: ShellBackend, workspace: string | null, handlers: SessionsHandlers): SessionsController {
  const [state, dispatch] = useReducer(sessionsReducer, initialSessions);
  const latest = useRef(handlers);
  const current = useRef(state);
  useEffect(() => {
    latest.current = handlers;
    current.current = state;
  });

  // Reload on open and on every "sessions" event; a slower older reply
  // never overwrites a newer one.
  useEffect(() => {
    if (workspace === null) return;
    let seq = 0;
    let live = true;
    const load = () => {
      const mine = ++seq;
      shell.listSessions().then(
        (items) => live && mine === seq && dispatch({ type: "loaded", workspace, items }),
        (e: unknown) => live && mine === seq && dispatch({ type: "failed", message: message(e) }),
      );
    };
    load();
    const off = shell.onSessions((live) => {
      if (live !== null) dispatch({ type: "live", id: live });
      load();
    });
    return () => {
      live = false;
      off();
    };
  }, [shell, workspace]);

  // The conversations' states come with every change of one; a folder's own.
  const [held, setHeld] = useState<{ workspace: string | null; states: ConversationState[] }>({ workspace: null, states: [] });
  const states = held.workspace === workspace ? held.states : none;
  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    shell.conversations().then(
      (s) => live && setHeld({ workspace, states: s }),
      () => undefined,
    );
    const off = shell.onConversations((s) => live && setHeld({ workspace, states: s }));
    return () => {
      live = false;
      off();
    };
  }, [shell, workspace]);

  const pendingId = state.pending?.session.id;
  const deadline = state.pending?.deadline;
  useEffect(() => {
    if (pendingId === undefined || deadline === undefined) return;
    const t = setTimeout(() => dispatch({ type: "undoLapsed", id: pendingId }), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(t);
  }, [pendingId, deadline]);

  const query = state.query;
  useEffect(() => {
    if (query.trim() === "") return;
    let live = true;
    const t = setTimeout(() => {
      shell.searchSessions(query).then(
        (hits) => live && dispatch({ type: "hits", query, hits }),
        (e: unknown) => live && dispatch({ type: "notice", message: message(e) }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [shell, query]);

  const attempt = useCallback(async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      dispatch({ type: "notice", message: message(e) });
    }
  }, []);

  const actions = useMemo<SessionsActions>(
    () => ({
      newChat: () =>
        attempt(async () => {
          const id = await shell.newChat();
          dispatch({ type: "newChat" });
          latest.current.onNewChat(id);
        }),
      open: (id) =>
        attempt(async () => {
          const t = await shell.openSession(id);
          dispatch({ type: "opened", id });
          latest.current.onOpen(t);
        }),
      adopted: (t) => {
        dispatch({ type: "opened", id: t.session.id });
        latest.current.onOpen(t);
      },
      startRename: (id) => dispatch({ type: "startRename", id }),
      cancelRename: () => dispatch({ type: "cancelRename" }),
      rename: (id, title) =>
        attempt(async () => {
          const t = title.trim();
          if (t === "") return dispatch({ type: "cancelRename" });
          await shell.renameSession(id, t);
          dispatch({ type: "renamed", id, title: t });
        }),
      remove: (id) =>
        attempt(async () => {
          await shell.deleteSession(id);
          dispatch({ type: "deleted", id, deadline: Date.now() + UNDO_MS });
          // The backend drops a deleted open chat; so does the view.
          if (current.current.currentId === id) latest.current.onNewChat();
        }),
      undo: () =>
        attempt(async () => {
          const pending = current.current.pending;
          if (!pending) return;
          await shell.restoreSession(pending.session.id);
          dispatch({ type: "restored", id: pending.session.id });
        }),
      setQuery: (q) => dispatch({ type: "query", query: q }),
      exportAs: (id, format, attachments = "link") =>
        attempt(async () => {
          const path = await shell.saveSessionExport(id, format, attachments);
          if (path !== "") dispatch({ type: "notice", message: `Exported to ${path}` });
        }),
      dismissNotice: () => dispatch({ type: "notice", message: null }),
    }),
    [shell, attempt],
  );
  return useMemo(() => ({ ...actions, actions, state, states }), [actions, state, states]);
}
