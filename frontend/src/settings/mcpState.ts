// The state of Settings → MCP, kept in a reducer so every transition
// (load, a live status event, a button's request and its answer) is tested
// without a window.
import type { McpServer, McpStatus, McpView } from "../bridge/mcp";

export interface McpState {
  view: McpView | null;
  loadError: string;
  /** a request under way, by server name ("" for the section's own) */
  busy: Record<string, boolean>;
  /** the last failure, by server name ("" for the section's own) */
  errors: Record<string, string>;
  expanded: Record<string, boolean>;
}

export type McpAction =
  | { type: "loaded"; view: McpView }
  | { type: "loadFailed"; error: string }
  | { type: "request"; server: string }
  | { type: "answered"; server: string; view: McpView }
  | { type: "failed"; server: string; error: string }
  | { type: "toggle"; server: string };

export const initialMcpState: McpState = { view: null, loadError: "", busy: {}, errors: {}, expanded: {} };

export function mcpReducer(s: McpState, a: McpAction): McpState {
  switch (a.type) {
    case "loaded":
      return { ...s, view: a.view, loadError: "", expanded: keep(s.expanded, a.view.servers) };
    case "loadFailed":
      return { ...s, loadError: a.error };
    case "request":
      return { ...s, busy: { ...s.busy, [a.server]: true }, errors: omit(s.errors, a.server) };
    case "answered":
      return { ...s, view: a.view, busy: omit(s.busy, a.server), expanded: keep(s.expanded, a.view.servers) };
    case "failed":
      return { ...s, busy: omit(s.busy, a.server), errors: { ...s.errors, [a.server]: a.error } };
    case "toggle":
      return { ...s, expanded: { ...s.expanded, [a.server]: !s.expanded[a.server] } };
  }
}

function omit<T>(r: Record<string, T>, k: string): Record<string, T> {
  return Object.fromEntries(Object.entries(r).filter(([key]) => key !== k));
}

// keep forgets the expansion of servers that are gone.
function keep(expanded: Record<string, boolean>, servers: McpServer[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const s of servers) if (expanded[s.name]) out[s.name] = true;
  return out;
}

export const STATUS_LABEL: Record<McpStatus, string> = {
  connected: "Connected",
  connecting: "Connecting…",
  failed: "Failed",
  disabled: "Disabled",
  "needs-auth": "Needs sign-in",
  untrusted: "Untrusted",
};

/** splitArgs splits a typed command line into words, honouring quotes. */
export function splitArgs(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | null = null;
  let started = false;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = null;
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(cur);
      cur = "";
      started = false;
    } else {
      cur += c;
      started = true;
    }
  }
  if (started) out.push(cur);
  return out;
}

/** joinArgs writes words back as a command line splitArgs reads, quoting where needed. */
export function joinArgs(words: string[]): string {
  return words.map(quoteArg).join(" ");
}

function quoteArg(w: string): string {
  if (w !== "" && !/[\s"']/.test(w)) return w;
  if (!w.includes('"')) return `"${w}"`;
  if (!w.includes("'")) return `'${w}'`;
  // Both quotes: double-quoted runs joined by single-quoted double quotes.
  return w.split('"').map((part) => `"${part}"`).join(`'"'`);
}

/** formatTokens shows a token count compactly (1234 → "1.2k"). */
export function formatTokens(n: number): string {
  return n < 1000 ? `${n}` : `${(n / 1000).toFixed(1)}k`;
}
