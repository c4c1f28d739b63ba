// @-mentions in the composer: the token being typed at the caret, and the
// text after a file is picked for it. Pure, for testing.

export interface Mention {
  /** index of the "@" */
  start: number;
  /** what follows the "@" up to the caret */
  query: string;
}

/** mentionAt finds an "@…" token ending at the caret, started at a word boundary. */
export function mentionAt(text: string, caret: number): Mention | null {
  const m = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!m) return null;
  const query = m[2] ?? "";
  return { start: caret - query.length - 1, query };
}

/** pick replaces the token with "@path " and returns the new text and caret. */
export function pick(text: string, caret: number, m: Mention, path: string): { text: string; caret: number } {
  const insert = `@${path} `;
  const after = text.slice(caret).replace(/^\S*/, "").replace(/^ /, "");
  const next = text.slice(0, m.start) + insert + after;
  return { text: next, caret: m.start + insert.length };
}
