import { useEffect, useState } from "react";
import type { SearchView, ShellBackend } from "../bridge/shell";

/** Typing pause before a query reaches the index. */
export const SEARCH_DEBOUNCE_MS = 150;
export const RESULT_LIMIT = 50;

export interface SearchState {
  /** result answers `for`; null before the first answer. */
  result: SearchView | null;
  for: string;
  /** asPrefix: `for` found nothing, and result answers it with its last word as a prefix (`for*`). */
  asPrefix: boolean;
  error: string | null;
  busy: boolean;
}

const idle: SearchState = { result: null, for: "", asPrefix: false, error: null, busy: false };

/**
 * useWorkspaceSearch runs query against the index after a typing pause, dropping stale answers.
 * A query that finds nothing while its last word is being typed ("getFooBa") is answered by the
 * backend for that word as a prefix, and the answer says so (asPrefix).
 */
export function useWorkspaceSearch(shell: ShellBackend, query: string): SearchState {
  const [state, setState] = useState<SearchState>(idle);
  const q = query.trim();

  useEffect(() => {
    if (q === "") return;
    let live = true;
    const t = setTimeout(() => {
      setState((s) => ({ ...s, busy: true }));
      void (async () => {
        try {
          const result = await shell.searchWorkspace(q, RESULT_LIMIT);
          if (live) setState({ result, for: q, asPrefix: result.asPrefix === true, error: null, busy: false });
        } catch (e: unknown) {
          if (live) setState({ result: null, for: q, asPrefix: false, error: e instanceof Error ? e.message : String(e), busy: false });
        }
      })();
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [shell, q]);

  // An emptied box shows nothing, whatever answer was last in flight.
  return q === "" ? idle : state;
}
