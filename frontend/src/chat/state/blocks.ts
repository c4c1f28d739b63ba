// Splits streamed Markdown into top-level blocks so a message re-renders
// only its last, growing block: finished blocks keep the same string and a
// memoised component skips them. The scan is linear and parses nothing.

const fenceRe = /^ {0,3}(`{3,}|~{3,})/;

/**
 * splitBlocks cuts at blank lines outside code fences. A blank line
 * followed by an indented line does not cut, so list items with several
 * paragraphs and indented code stay whole.
 */
export function splitBlocks(text: string): string[] {
  const lines = text.split("\n");
  const blocks: string[] = [];
  let cur: string[] = [];
  let fence: { ch: string; len: number } | null = null;
  let blank = false;

  const flush = () => {
    while (cur.length > 0 && cur[cur.length - 1]?.trim() === "") cur.pop();
    if (cur.length > 0) blocks.push(cur.join("\n"));
    cur = [];
  };

  for (const line of lines) {
    const m = fenceRe.exec(line);
    if (fence) {
      cur.push(line);
      if (m?.[1] && m[1][0] === fence.ch && m[1].length >= fence.len && line.trim() === m[1]) fence = null;
      continue;
    }
    if (line.trim() === "") {
      if (cur.length > 0) cur.push(line);
      blank = cur.length > 0;
      continue;
    }
    if (blank && !/^[ \t]/.test(line)) flush();
    blank = false;
    cur.push(line);
    if (m?.[1]) fence = { ch: m[1][0] ?? "`", len: m[1].length };
  }
  // Keep a trailing blank line off the live block so it does not flicker.
  flush();
  return blocks;
}
