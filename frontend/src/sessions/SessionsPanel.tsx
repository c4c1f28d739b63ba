import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { badgeOf, bySession, needingYou, nextNeedingYou } from "./badges";
import { useNow } from "../chat/hooks/useNow";
import { matchShortcut } from "../shell/shortcuts";
import { keyNames } from "../shell/platform";
import { HistoryHits } from "./HistoryHits";
import { SessionRow } from "./SessionRow";
import { groupByDate, sessionTitle } from "./state";
import type { SessionsController } from "./useSessions";

/** SessionsPanel is the sidebar's conversation list for the open workspace. */
export function SessionsPanel({ ctl, workspace, beside }: { ctl: SessionsController; workspace: string; beside?: ReactNode }) {
  const { state } = ctl;
  const id = useId();

  const states = useMemo(() => bySession(ctl.states), [ctl.states]);
  const order = useMemo(() => state.items.map((s) => s.id), [state.items]);
  const waiting = needingYou(order, states).length;
  const [onlyNeedsYou, setOnlyNeedsYou] = useState(false);
  const anyRunning = ctl.states.some((s) => s.state === "running");

  const { newChat, open } = ctl;
  const jump = useRef({ order, states, current: state.currentId });
  useEffect(() => {
    jump.current = { order, states, current: state.currentId };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = matchShortcut(e);
      if (id === "new-chat") {
        e.preventDefault();
        void newChat();
      } else if (id === "next-needs-you") {
        e.preventDefault();
        const { order, states, current } = jump.current;
        const next = nextNeedingYou(order, states, current);
        if (next !== null) void open(next);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [newChat, open]);

  // A deleted row takes the focus with it; Undo is where it lands.
  const undo = useRef<HTMLButtonElement>(null);
  const pendingId = state.pending?.session.id;
  useEffect(() => {
    if (pendingId !== undefined && (document.activeElement === null || document.activeElement === document.body)) undo.current?.focus();
  }, [pendingId]);

  const searching = state.query.trim() !== "";
  // Until the new folder's list arrives, the old folder's is not shown.
  const mine = state.workspace === workspace;
  // Relative times ("5 min ago") move on by the minute; a running turn's by the second.
  const now = useNow(true, anyRunning ? 1000 : 30_000);
  const shown = onlyNeedsYou ? state.items.filter((s) => states.get(s.id)?.state === "needs_you") : state.items;
  const groups = mine ? groupByDate(shown, new Date(now)) : [];

  return (
    <div className="sessions-panel">
      <button type="button" className="new-chat" onClick={() => void ctl.newChat()} title={keyNames("New chat (Ctrl/⌘ + N)")}>
        New chat
      </button>
      {beside}
      <button
        type="button"
        className={waiting > 0 ? "needs-you-filter waiting" : "needs-you-filter"}
        aria-pressed={onlyNeedsYou}
        onClick={() => setOnlyNeedsYou((on) => !on)}
        title={keyNames("Show only the conversations waiting for you; Ctrl/⌘ + J opens the next")}
      >
        Needs you <span className="needs-you-count">{waiting}</span>
      </button>
      <input
        type="search"
        className="sessions-search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        value={state.query}
        onChange={(e) => ctl.setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && state.query !== "") {
            e.stopPropagation();
            ctl.setQuery("");
          }
        }}
      />
      <div className="sessions" role="group" aria-label="Sessions">
        {searching ? (
          <HistoryHits hits={state.hitsFor === state.query ? state.hits : null} workspace={workspace} onOpen={(sid) => void ctl.open(sid)} />
        ) : state.error !== null && mine ? (
          <p className="sessions-error">Could not list conversations: {state.error}</p>
        ) : mine && groups.length === 0 ? (
          <p className="muted sessions-empty">{onlyNeedsYou ? "Nothing waits for you." : "No conversations yet."}</p>
        ) : (
          groups.map((g) => (
            <section key={g.label} aria-labelledby={`${id}-${g.label}`}>
              <h3 id={`${id}-${g.label}`} className="session-group">
                {g.label}
              </h3>
              <ul>
                {g.items.map((s) => (
                  <SessionRow
                    key={s.id}
                    session={s}
                    current={s.id === state.currentId}
                    editing={s.id === state.editingId}
                    ctl={ctl.actions}
                    now={now}
                    badge={badgeOf(states.get(s.id), now)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <div className="sessions-status" role="status" aria-live="polite">
        {state.pending && (
          <p className="undo-toast">
            Deleted “{sessionTitle(state.pending.session)}”.{" "}
            <button ref={undo} type="button" onClick={() => void ctl.undo()}>
              Undo
            </button>
          </p>
        )}
        {state.notice && (
          <p className="sessions-notice">
            {state.notice}{" "}
            <button type="button" className="icon" aria-label="Dismiss" onClick={ctl.dismissNotice}>
              ×
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
