import type { SessionHit } from "../bridge/shell";
import { markedSegments, sessionTitle } from "./state";

const folderName = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

/** HistoryHits lists messages matching a search across every conversation. */
export function HistoryHits({ hits, workspace, onOpen }: { hits: SessionHit[] | null; workspace: string; onOpen: (id: string) => void }) {
  if (hits === null) return <p className="muted sessions-empty">Searching…</p>;
  if (hits.length === 0) return <p className="muted sessions-empty">No messages match.</p>;
  return (
    <ul className="history-hits" aria-label="Matching messages">
      {hits.map((h) => (
        <li key={`${h.session_id}:${h.message_id}`}>
          <button type="button" className="history-hit" onClick={() => onOpen(h.session_id)}>
            <span className="hit-title">
              {sessionTitle(h)}
              {h.workspace !== workspace && <span className="muted"> · {folderName(h.workspace)}</span>}
            </span>
            <span className="hit-snippet">
              {markedSegments(h.snippet).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
