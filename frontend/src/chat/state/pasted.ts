// Text files pasted into the composer join the message as fenced text
// (images and PDFs become attachments, see attachments.ts); each is capped
// so one paste cannot flood the context.

export const MAX_PASTED_BYTES = 256 * 1024;

export interface Pasted {
  /** fenced blocks to insert, one per accepted file */
  text: string;
  /** files left out, with why */
  skipped: string[];
}

interface PastedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

function fence(name: string, body: string): string {
  // A longer fence than any backtick run inside keeps the block closed.
  const longest = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const f = "`".repeat(longest + 1);
  return `${f}${name}\n${body.endsWith("\n") ? body : body + "\n"}${f}\n`;
}

export async function readPasted(files: ArrayLike<PastedFile>): Promise<Pasted> {
  const blocks: string[] = [];
  const skipped: string[] = [];
  for (const f of Array.from(files)) {
    if (f.size > MAX_PASTED_BYTES) {
      skipped.push(`${f.name} (over 256 KB)`);
      continue;
    }
    const body = await f.text();
    if (body.slice(0, 8192).includes("\u0000")) {
      skipped.push(`${f.name} (not text)`);
      continue;
    }
    blocks.push(fence(f.name, body));
  }
  return { text: blocks.join("\n"), skipped };
}
