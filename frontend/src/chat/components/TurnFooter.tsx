import { formatCost, formatElapsed, formatUsage, retryLeft, usageDetails } from "../state/format";
import { usageTitle } from "../state/planning";
import type { Retry, Turn } from "../state/state";
import { useNow } from "../hooks/useNow";

/** RetryNotice counts down to the backend's next attempt. */
export function RetryNotice({ retry }: { retry: Retry }) {
  const now = useNow(true);
  const left = retryLeft(retry.at, retry.delayMs, now);
  const why = retry.class === "rate_limit" ? "Rate limited by the provider" : "The provider failed";
  return (
    <p className="retry-notice" role="status">
      {why}; retrying {left > 0 ? `in ${left} s` : "now"} (attempt {retry.attempt}).
    </p>
  );
}

// How long a finished turn took, in words that say how it ended.
const tookWords: Record<string, string> = { done: "Worked for", stopped: "Stopped after", error: "Failed after" };

/** tookLabel is "Worked for 4 s" (or "Stopped after", "Failed after"). */
export function tookLabel(turn: Pick<Turn, "status" | "elapsedMs">): string {
  if (turn.elapsedMs === null) return "";
  return `${tookWords[turn.status] ?? "Worked for"} ${formatElapsed(turn.elapsedMs)}`;
}

/**
 * TurnFooter: "Worked for X", tokens and (when known) cost once a turn ends;
 * a live clock while it runs; Resume and Remove on a prompt Stop paused.
 */
export function TurnFooter({ turn, onResume, onRemove }: { turn: Turn; onResume?: () => void; onRemove?: () => void }) {
  const live = turn.status === "running";
  const now = useNow(live && turn.startedAt !== null);
  if (turn.status === "queued") return <p className="turn-footer muted">Queued: waits for the current reply.</p>;
  if (turn.status === "paused") {
    return (
      <div className="turn-footer queue-paused" role="group" aria-label="Paused prompt">
        <span>Paused: Stop held this prompt back.</span>
        {onResume && (
          <button type="button" onClick={onResume}>
            Resume
          </button>
        )}
        {onRemove && (
          <button type="button" onClick={onRemove}>
            Remove
          </button>
        )}
      </div>
    );
  }
  if (live) {
    return (
      <p className="turn-footer muted" aria-live="off">
        <span className="spinner" aria-hidden="true" /> Working{turn.startedAt !== null ? ` for ${formatElapsed(now - turn.startedAt)}` : "…"}
      </p>
    );
  }
  // A stopped turn may end before the provider reported usage: zeros would be untrue, so say nothing.
  const used = turn.iterations > 0 ? formatUsage(turn.usage) : "";
  const details = used === "" ? "" : [usageDetails(turn.usage), usageTitle(turn)].filter((l) => l !== "" && l !== "Tokens").join("\n\n");
  return (
    <div className="turn-footer muted">
      {turn.elapsedMs !== null && <span>{tookLabel(turn)}</span>}
      {used !== "" && <span title={details}>{used}</span>}
      {used !== "" && formatCost(turn.cost) !== "" && <span title={details}>{formatCost(turn.cost)}</span>}
    </div>
  );
}
