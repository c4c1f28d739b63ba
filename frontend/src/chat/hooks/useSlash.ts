import { useEffect, useState } from "react";
import type { CommandEntry } from "../../bridge/shell";
import { pickCommand, rank, slashAt } from "../state/slash";

/** Lists the commands the composer can offer (App.ListCommands). */
export type ListCommands = () => Promise<CommandEntry[]>;

/**
 * useSlash runs the "/" command picker: the list is fetched when a "/"
 * starts the message (so new command files show up), filtered as the name
 * is typed, and driven from the keyboard.
 */
export function useSlash(list: ListCommands | undefined, text: string, caret: number) {
  const [all, setAll] = useState<CommandEntry[]>([]);
  // The highlighted row and an Escape belong to the query they were made for.
  const [moved, setMoved] = useState<{ query: string; index: number }>({ query: "", index: 0 });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const query = list ? slashAt(text, caret) : null;
  const typing = query !== null;

  useEffect(() => {
    if (!typing || !list) return;
    let live = true;
    list()
      .then((cs) => live && setAll(cs))
      .catch(() => live && setAll([]));
    return () => {
      live = false;
    };
  }, [list, typing]);

  const results = query === null ? [] : rank(all, query);
  const open = query !== null && closedFor !== query && results.length > 0;
  const active = moved.query === query ? Math.min(moved.index, Math.max(0, results.length - 1)) : 0;
  const setActive = (f: (a: number) => number) => setMoved({ query: query ?? "", index: f(active) });

  const choose = (i: number) => {
    const e = results[i];
    if (!e) return null;
    setClosedFor(query);
    return pickCommand(text, e);
  };

  /** onKey handles the picker's keys; true (or the new text) when it used the key. */
  const onKey = (key: string): boolean | { text: string; caret: number } => {
    if (!open) return false;
    if (key === "ArrowDown") setActive((a) => (a + 1) % results.length);
    else if (key === "ArrowUp") setActive((a) => (a - 1 + results.length) % results.length);
    else if (key === "Escape") setClosedFor(query);
    else if (key === "Tab" || key === "Enter") return choose(active) ?? true;
    else return false;
    return true;
  };

  return { open, results, active, choose, onKey };
}
