import { memo, useEffect, useRef } from "react";
import type { SessionView } from "../bridge/shell";
import { useFocusWhen } from "../shell/useFocusWhen";
import { RowMenu } from "./RowMenu";
import type { Badge } from "./badges";
import "./sessions.css";
import { fullDate, relativeTime, sessionTitle } from "./state";
import type { SessionsActions } from "./useSessions";

interface Props {
  session: SessionView;
  current: boolean;
  editing: boolean;
  ctl: SessionsActions;
  /** now dates the row ("5 min ago"); the panel ticks it. */
  now: number;
  /** what the conversation is doing, when the window holds it */
  badge: Badge | null;
}

// A reload brings fresh objects for every row; only what a row shows counts.
const same = (a: Props, b: Props) =>
  a.session.id === b.session.id && a.session.title === b.session.title && a.session.worktree === b.session.worktree && a.session.updatedAt === b.session.updatedAt &&
  a.current === b.current && a.editing === b.editing && a.ctl === b.ctl &&
  a.badge?.kind === b.badge?.kind && a.badge?.label === b.badge?.label &&
  relativeTime(a.session.updatedAt, a.now) === relativeTime(b.session.updatedAt, b.now);

export const SessionRow = memo(function SessionRow({ session, current, editing, ctl, now, badge }: Props) {
  const title = sessionTitle(session);
  const when = relativeTime(session.updatedAt, now);
  // When a rename ends, focus goes back to the row it started from.
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="session-row editing">
        <RenameInput
          label={`Rename ${title}`}
          initial={session.title}
          onDone={(value) => (value === null ? ctl.cancelRename() : void ctl.rename(session.id, value))}
        />
      </li>
    );
  }

  return (
    <li className={current ? "session-row current" : "session-row"}>
      <button
        ref={button}
        type="button"
        className="session-open"
        aria-current={current ? "page" : undefined}
        title={`${title} — double-click or F2 to rename`}
        onClick={() => void ctl.open(session.id)}
        onDoubleClick={() => ctl.startRename(session.id)}
        onKeyDown={(e) => {
          if (e.key === "F2") {
            e.preventDefault();
            ctl.startRename(session.id);
          } else if (e.key === "Delete") {
            e.preventDefault();
            void ctl.remove(session.id);
          }
        }}
      >
        <span className="session-title">{title}</span>
        {session.worktree && (
          <span className="session-worktree" title="Works in its own worktree; review its changes from Worktrees below">
            worktree
          </span>
        )}
        {badge && (
          <span className={`session-badge ${badge.kind}`}>
            <span className="session-dot" aria-hidden="true" />
            {badge.label}
          </span>
        )}
        <time className="session-time" dateTime={new Date(session.updatedAt).toISOString()} title={fullDate(session.updatedAt)}>
          {when}
        </time>
      </button>
      <RowMenu
        label={`Actions for ${title}`}
        items={[
          { label: "Rename", run: () => ctl.startRename(session.id) },
          { label: "Export as Markdown", run: () => void ctl.exportAs(session.id, "md") },
          { label: "Export as JSON", run: () => void ctl.exportAs(session.id, "json") },
          { label: "Export as Markdown with attachments", run: () => void ctl.exportAs(session.id, "md", "embed") },
          { label: "Export as JSON with attachments", run: () => void ctl.exportAs(session.id, "json", "embed") },
          { label: "Delete", run: () => void ctl.remove(session.id), danger: true },
        ]}
      />
    </li>
  );
}, same);

function RenameInput({ label, initial, onDone }: { label: string; initial: string; onDone: (value: string | null) => void }) {
  // Enter and Escape finish the edit; the blur that follows must not act again.
  const done = useRef(false);
  const field = useFocusWhen<HTMLInputElement>(true);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  return (
    <input
      className="session-rename"
      aria-label={label}
      defaultValue={initial}
      ref={field}
      onFocus={(e) => e.currentTarget.select()}
      onKeyDown={(e) => {
        if (e.key === "Enter") finish(e.currentTarget.value);
        else if (e.key === "Escape") {
          e.stopPropagation();
          finish(null);
        }
      }}
      onBlur={(e) => finish(e.currentTarget.value)}
    />
  );
}
