// The composer's "/" commands: the command being typed, a fuzzy ranking of
// the commands for it, and the text once one is picked. Pure, for testing.

import type { CommandEntry } from "../../bridge/shell";

/** slashAt is the name typed after a leading "/" while the caret is still in it, or null. */
export function slashAt(text: string, caret: number): string | null {
  const m = /^\/([^\s/]*)$/.exec(text.slice(0, caret));
  return m ? (m[1] ?? "") : null;
}

/** score ranks name for query: prefix beats word start beats subsequence; -1 is no match. */
export function score(name: string, query: string): number {
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  if (q === "") return 1;
  if (n.startsWith(q)) return 1000 - n.length;
  const word = n.split(/[:\-_]/).some((w) => w.startsWith(q));
  let at = 0;
  let gaps = 0;
  for (const ch of q) {
    const i = n.indexOf(ch, at);
    if (i < 0) return -1;
    gaps += i - at;
    at = i + 1;
  }
  return (word ? 500 : 100) - gaps - n.length / 100;
}

/** rank keeps the commands matching query, best first (ties keep their order). */
export function rank(entries: CommandEntry[], query: string, limit = 8): CommandEntry[] {
  return entries
    .map((e, i) => ({ e, i, s: score(e.name, query) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.e);
}

/** pickCommand puts "/name " in place of what was typed before the first space. */
export function pickCommand(text: string, entry: CommandEntry): { text: string; caret: number } {
  const rest = text.replace(/^\/\S*\s?/, "");
  const head = `/${entry.name} `;
  return { text: head + rest, caret: head.length };
}
