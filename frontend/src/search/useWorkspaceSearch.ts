import { useEffect, useState } from "react";
import type { SearchView, ShellBackend } from "../bridge/shell";

/** Typing pause before a query reaches the index. */
export const SEARCH_DEBOUNCE_MS = 150;
export const RESULT_LIMIT = 50;

export interface SearchState {
  /** result answers `for`; null before the first answer. */
  result: SearchView | null;
  for: string;
  error: string | null;
  busy: boolean;
}

/** useWorkspaceSearch runs query against the index after a typing pause, dropping stale answers. */
export function useWorkspaceSearch(shell: ShellBackend, query: string): SearchState {
  const [state, setState] = useState<SearchState>({ result: null, for: "", error: null, busy: false });
  const q = query.trim();

  useEffect(() => {
    if (q === "") return;
    let live = true;
    const t = setTimeout(() => {
      setState((s) => ({ ...s, busy: true }));
      shell.searchWorkspace(q, RESULT_LIMIT).then(
        (result) => live && setState({ result, for: q, error: null, busy: false }),
        (e: unknown) => live && setState({ result: null, for: q, error: e instanceof Error ? e.message : String(e), busy: false }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [shell, q]);

  // An emptied box shows nothing, whatever answer was last in flight.
  return q === "" ? { result: null, for: "", error: null, busy: false } : state;
}
