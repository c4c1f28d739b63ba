import { useEffect, useId, useRef, useState } from "react";
import type { SearchHit, ShellBackend } from "../bridge/shell";
import { optionId, ResultList } from "./ResultList";
import { useWorkspaceSearch } from "./useWorkspaceSearch";

interface Props {
  shell: ShellBackend;
  onClose: () => void;
  /** onOpen takes a picked result; without it the pick copies "path:line" to paste into a message. */
  onOpen?: (hit: SearchHit) => void;
}

export const locationOf = (h: SearchHit) => (h.line > 0 ? `${h.path}:${h.line}` : h.path);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const lastWord = (q: string) => q.split(/\s+/).pop() ?? q;

/** SearchPanel is the Ctrl/⌘+Shift+F overlay over the workspace index. */
export function SearchPanel({ shell, onClose, onOpen }: Props) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const search = useWorkspaceSearch(shell, query);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Focus returns where it was when the panel closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => before?.focus();
  }, []);

  const pick = (hit: SearchHit) => {
    if (onOpen) return onOpen(hit);
    const loc = locationOf(hit);
    navigator.clipboard.writeText(loc).then(
      () => setCopied(`Copied ${loc}`),
      () => setCopied(`Could not copy ${loc}`),
    );
  };

  const hits = search.result?.hits ?? [];
  const current = Math.min(active, Math.max(0, hits.length - 1));

  useEffect(() => {
    document.getElementById(optionId(listId, current))?.scrollIntoView?.({ block: "nearest" });
  }, [listId, current]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === "Tab") {
      // The query box is the dialog's only stop: focus stays in the dialog.
      e.preventDefault();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (hits.length > 0) setActive((current + (e.key === "ArrowDown" ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === "Enter") {
      const hit = hits[current];
      if (hit) {
        e.preventDefault();
        pick(hit);
      }
    }
  };

  const r = search.result;
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Search the workspace" className="search-panel" onKeyDown={onKeyDown}>
        <input
          ref={input}
          type="search"
          className="search-input"
          role="combobox"
          aria-label="Search the workspace"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length > 0 ? optionId(listId, current) : undefined}
          aria-autocomplete="list"
          placeholder='Search files — words, "phrases" or def:Name'
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setCopied(null);
          }}
        />
        <div className="search-summary" role="status" aria-live="polite">
          {copied !== null ? (
            copied
          ) : search.error !== null ? (
            <span className="search-error">{search.error}</span>
          ) : r ? (
            <>
              {r.anyWord === true && "No exact match; showing files with any of the words · "}
              {r.anyWord !== true && r.question && `Ranked by the words that carry meaning (${r.question.split(" ").join(", ")}) · `}
              {r.approx === true && "about "}
              {plural(r.total, "result")}
              {search.asPrefix && ` for words starting with “${lastWord(search.for)}”`} in {r.tookMs} ms
              {r.partial && <span className="search-partial"> · The index is still being built; results may be incomplete.</span>}
            </>
          ) : query.trim() !== "" ? (
            "Searching…"
          ) : (
            "Type to search the files of this folder."
          )}
        </div>
        {hits.length > 0 && <ResultList id={listId} hits={hits} active={current} onPick={pick} onHover={setActive} />}
      </div>
    </div>
  );
}
