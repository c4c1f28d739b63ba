import { CopyButton } from "./CopyButton";
import { DiffView } from "./DiffView";
import type { FileChange } from "../../bridge/protocol";
import type { Turn } from "../state/state";

function ChangeCounts({ change }: { change: FileChange }) {
  if (change.binary) return <span className="muted">(binary)</span>;
  return (
    <span className="change-counts">
      {change.created && <span className="muted">new </span>}
      {change.deleted && <span className="muted">deleted </span>}
      <span className="plus">+{change.added}</span> <span className="minus">−{change.removed}</span>
      <Problems errors={change.errors ?? 0} warnings={change.warnings ?? 0} />
    </span>
  );
}

/** problemsText words a language server's counts: "2 errors, 1 warning"; "" for none. */
export function problemsText(errors: number, warnings: number): string {
  const words = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  return [errors > 0 ? words(errors, "error") : "", warnings > 0 ? words(warnings, "warning") : ""].filter(Boolean).join(", ");
}

/** Problems is what the file's language server last reported, when it reported any. */
function Problems({ errors, warnings }: { errors: number; warnings: number }) {
  const text = problemsText(errors, warnings);
  if (!text) return null;
  return <span className={errors > 0 ? "change-problems error" : "change-problems"}> · {text}</span>;
}

function TotalCounts({ changes }: { changes: FileChange[] }) {
  const added = changes.reduce((n, c) => n + c.added, 0);
  const removed = changes.reduce((n, c) => n + c.removed, 0);
  const errors = changes.reduce((n, c) => n + (c.errors ?? 0), 0);
  const warnings = changes.reduce((n, c) => n + (c.warnings ?? 0), 0);
  return (
    <span className="change-counts">
      {" "}
      <span className="plus">+{added}</span> <span className="minus">−{removed}</span>
      <Problems errors={errors} warnings={warnings} />
    </span>
  );
}

interface Props {
  turn: Turn;
  /** absent while another turn runs: the backend refuses then */
  onRegenerate?: () => void;
  onUndo?: (redo: boolean) => void;
}

/** answerText is what Copy takes: the turn's answer, its tool rows left out. */
export function answerText(t: Turn): string {
  return t.parts.flatMap((p) => (p.kind === "text" ? [p.text] : [])).join("\n\n");
}

/** rerunLabel: a turn that failed or was stopped is retried; one that answered is regenerated. */
export function rerunLabel(t: Turn): "Retry" | "Regenerate" {
  return t.error !== null || t.status === "error" || t.status === "stopped" ? "Retry" : "Regenerate";
}

function base(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * TurnControls: the turn's changed files, then one fixed action row:
 * Copy · Retry or Regenerate (never both) · Undo turn (or Redo).
 */
export function TurnControls({ turn, onRegenerate, onUndo }: Props) {
  if (turn.status === "running" || turn.status === "queued") return null;
  const n = turn.changed.length;
  const text = answerText(turn);
  return (
    <div className="turn-controls">
      {n > 0 && (
        <details className="turn-changes">
          <summary>
            {turn.undone ? "Undone: " : "Changed "}
            {n} {n === 1 ? "file" : "files"}
            {turn.changeStats.length > 0 && <TotalCounts changes={turn.changeStats} />}
          </summary>
          <ul>
            {turn.changed.map((f) => {
              const st = turn.changeStats.find((c) => c.path === f);
              return (
                <li key={f} title={f}>
                  {base(f)} {st && <ChangeCounts change={st} />}
                  {st?.diff && <DiffView diff={st.diff} label={`Changes to ${f}`} />}
                </li>
              );
            })}
          </ul>
        </details>
      )}
      <div className="turn-actions" role="group" aria-label="Turn actions">
        {text && <CopyButton text={text} label="Copy answer" />}
        <button type="button" disabled={!onRegenerate} onClick={onRegenerate}>
          {rerunLabel(turn)}
        </button>
        {n > 0 && (
          <button type="button" disabled={!onUndo} onClick={() => onUndo?.(turn.undone)}>
            {turn.undone ? "Redo" : "Undo turn"}
          </button>
        )}
      </div>
    </div>
  );
}
