import type { Turn } from "./state";

interface Props {
  turn: Turn;
  /** absent while another turn runs: the backend refuses then */
  onRegenerate?: () => void;
  onUndo?: (redo: boolean) => void;
}

function base(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** TurnControls: Regenerate, and the turn's changed files with Undo turn / Redo. */
export function TurnControls({ turn, onRegenerate, onUndo }: Props) {
  if (turn.status === "running" || turn.status === "queued") return null;
  const n = turn.fromHistory ? 0 : turn.changed.length;
  return (
    <div className="turn-controls">
      {n > 0 && (
        <details className="turn-changes">
          <summary>
            {turn.undone ? "Undone: " : "Changed "}
            {n} {n === 1 ? "file" : "files"}
          </summary>
          <ul>
            {turn.changed.map((f) => (
              <li key={f} title={f}>
                {base(f)}
              </li>
            ))}
          </ul>
        </details>
      )}
      {n > 0 && (
        <button type="button" disabled={!onUndo} onClick={() => onUndo?.(turn.undone)}>
          {turn.undone ? "Redo" : "Undo turn"}
        </button>
      )}
      <button type="button" disabled={!onRegenerate} onClick={onRegenerate}>
        Regenerate
      </button>
    </div>
  );
}
