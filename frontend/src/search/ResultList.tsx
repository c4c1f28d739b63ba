import type { SearchHit } from "../bridge/shell";
import { byteSegments } from "./highlight";

export const optionId = (base: string, i: number) => `${base}-opt-${i}`;

interface Props {
  id: string;
  hits: SearchHit[];
  active: number;
  onPick: (hit: SearchHit) => void;
  onHover: (i: number) => void;
}

/**
 * why says which words of a question a hit holds, and the names it defines holding them:
 * "ask, command · defines CheckCommand"; "" for other queries, whose hits hold every word.
 */
export function why(hit: SearchHit): string {
  const matched = hit.matched ?? [];
  if (matched.length === 0) return "";
  const names = [...new Set(matched.flatMap((m) => (m.definition ? [m.definition] : [])))];
  const words = matched.map((m) => m.word).join(", ");
  return names.length > 0 ? `${words} · defines ${names.join(", ")}` : words;
}

/** ResultList shows one entry per matching file: its path, best line and snippet, whether that line defines the name searched for, and for a question the words that put it there. */
export function ResultList({ id, hits, active, onPick, onHover }: Props) {
  return (
    <ul id={id} role="listbox" aria-label="Results" className="search-results">
      {hits.map((h, i) => {
        const more = (h.lines ?? []).filter((l) => l !== h.line);
        const reason = why(h);
        return (
          <li
            key={`${h.source ?? ""}:${h.path}`}
            id={optionId(id, i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? "search-hit active" : "search-hit"}
            onMouseMove={() => i !== active && onHover(i)}
            onClick={() => onPick(h)}
          >
            <div className="search-file">
              {h.source && <span className="search-source">{h.source}</span>}
              <span className="search-path">{h.path}</span>
              {h.defines && <span className="search-defines">definition</span>}
            </div>
            {h.line > 0 ? (
              <div className="search-line">
                <span className="search-lineno" aria-label={`line ${h.line}`}>
                  {h.line}
                </span>
                <code className="search-snippet">
                  {byteSegments(h.snippet, h.highlights).map((s, k) => (s.match ? <mark key={k}>{s.text}</mark> : <span key={k}>{s.text}</span>))}
                </code>
              </div>
            ) : (
              <div className="search-line muted">File name matches</div>
            )}
            {more.length > 0 && <div className="search-more muted">Also line{more.length > 1 ? "s" : ""} {more.join(", ")}</div>}
            {reason !== "" && <div className="search-why muted">Matched: {reason}</div>}
          </li>
        );
      })}
    </ul>
  );
}
