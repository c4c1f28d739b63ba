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

/** ResultList shows one entry per matching file: its path, best line and snippet, and whether that line defines the name searched for. */
export function ResultList({ id, hits, active, onPick, onHover }: Props) {
  return (
    <ul id={id} role="listbox" aria-label="Results" className="search-results">
      {hits.map((h, i) => {
        const more = (h.lines ?? []).filter((l) => l !== h.line);
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
          </li>
        );
      })}
    </ul>
  );
}
