// The index reports matches as UTF-8 byte ranges; JavaScript strings index
// UTF-16 code units, so the ranges are mapped before slicing.
import type { Segment } from "../sessions/state";

export type { Segment };

/** byteSegments splits snippet into plain and matched parts from UTF-8 byte ranges. */
export function byteSegments(snippet: string, ranges: readonly (readonly [number, number])[] | null | undefined): Segment[] {
  if (snippet === "") return [];
  if (!ranges || ranges.length === 0) return [{ text: snippet, match: false }];
  // unitAt[b] is the UTF-16 index where byte b starts (-1 inside a character).
  const bytes = new TextEncoder().encode(snippet).length;
  const unitAt = new Int32Array(bytes + 1).fill(-1);
  let b = 0;
  for (let i = 0; i < snippet.length; i++) {
    unitAt[b] = i;
    const c = snippet.codePointAt(i) ?? 0;
    b += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (c >= 0x10000) i++;
  }
  unitAt[bytes] = snippet.length;
  // Round a byte offset that falls inside a character out to its edge.
  const toUnit = (off: number, forward: boolean) => {
    let o = Math.max(0, Math.min(bytes, off));
    while ((unitAt[o] ?? -1) < 0) o += forward ? 1 : -1;
    return unitAt[o] ?? 0;
  };
  const sorted = [...ranges].filter(([s, e]) => e > s).sort((x, y) => x[0] - y[0]);
  const out: Segment[] = [];
  let at = 0;
  for (const [s, e] of sorted) {
    const from = Math.max(at, toUnit(s, false));
    const to = toUnit(e, true);
    if (to <= from) continue;
    if (from > at) out.push({ text: snippet.slice(at, from), match: false });
    out.push({ text: snippet.slice(from, to), match: true });
    at = to;
  }
  if (at < snippet.length) out.push({ text: snippet.slice(at), match: false });
  return out;
}
