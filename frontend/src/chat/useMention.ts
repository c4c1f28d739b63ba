import { useEffect, useState } from "react";
import { mentionAt, pick, type Mention } from "./mention";

/** Finds workspace files by a fuzzy name pattern (the knowledge index's FindFiles). */
export type FindFiles = (pattern: string, limit: number) => Promise<{ path: string }[]>;

const LIMIT = 8;
const DEBOUNCE_MS = 80;

/**
 * useMention runs the @-file picker for a textarea: it looks files up as
 * the token changes (latest answer wins), and offers the keys to move
 * through and pick from the list.
 */
export function useMention(find: FindFiles | undefined, text: string, caret: number) {
  const [results, setResults] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const found = find ? mentionAt(text, caret) : null;
  const mention: Mention | null = found && found.start !== closedAt ? found : null;
  const query = mention?.query ?? null;

  useEffect(() => {
    if (query === null || !find) return;
    let live = true;
    const t = setTimeout(() => {
      find(query, LIMIT)
        .then((ms) => {
          if (!live) return;
          setResults(ms.map((m) => m.path));
          setActive(0);
        })
        .catch(() => live && setResults([]));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [find, query]);

  const open = mention !== null && results.length > 0;

  /** choose applies a pick; the caller sets the text and caret it returns. */
  const choose = (i: number) => {
    const path = results[i];
    if (!mention || path === undefined) return null;
    setResults([]);
    return pick(text, caret, mention, path);
  };

  /** onKey handles the picker's keys; true when it used the key. */
  const onKey = (key: string): boolean | { text: string; caret: number } => {
    if (!open) return false;
    if (key === "ArrowDown") setActive((a) => (a + 1) % results.length);
    else if (key === "ArrowUp") setActive((a) => (a - 1 + results.length) % results.length);
    else if (key === "Escape") setClosedAt(mention.start);
    else if (key === "Enter" || key === "Tab") return choose(active) ?? true;
    else return false;
    return true;
  };

  return { open, results, active, choose, onKey };
}
