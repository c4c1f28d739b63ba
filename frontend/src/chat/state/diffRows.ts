import { parsePatch } from "diff";

/** One line of a diff with its numbers on each side (null where it has none). */
export interface DiffLine {
  kind: "add" | "del" | "ctx";
  oldNo: number | null;
  newNo: number | null;
  text: string;
}

/** A hunk: its @@ header and lines. */
export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

/** A file's part of a diff. */
export interface DiffFile {
  name: string;
  hunks: DiffHunk[];
}

/** A row of the split view: the old line on the left, the new on the right. */
export interface SplitRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

function cleanName(n: string | undefined): string {
  if (!n || n === "/dev/null") return "";
  return n.replace(/^[ab]\//, "");
}

/**
 * parseDiff reads a unified diff into files, hunks and numbered lines with
 * jsdiff's parser; it returns null when the text holds no hunk, so callers
 * show it as plain text.
 */
export function parseDiff(text: string): DiffFile[] | null {
  let patches;
  try {
    patches = parsePatch(text);
  } catch {
    return null;
  }
  const files: DiffFile[] = [];
  for (const p of patches) {
    if (p.hunks.length === 0) continue;
    const hunks = p.hunks.map((h) => {
      let o = h.oldStart;
      let n = h.newStart;
      const lines: DiffLine[] = [];
      for (const raw of h.lines) {
        const sign = raw[0];
        const body = raw.slice(1);
        if (sign === "+") lines.push({ kind: "add", oldNo: null, newNo: n++, text: body });
        else if (sign === "-") lines.push({ kind: "del", oldNo: o++, newNo: null, text: body });
        else if (sign === " " || raw === "") lines.push({ kind: "ctx", oldNo: o++, newNo: n++, text: body });
        // "\ No newline at end of file" carries no line of its own.
      }
      return { header: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, lines };
    });
    files.push({ name: cleanName(p.newFileName) || cleanName(p.oldFileName), hunks });
  }
  return files.length > 0 ? files : null;
}

/** splitRows pairs a hunk's removed lines with the added lines that replace them. */
export function splitRows(lines: DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i] as DiffLine;
    if (l.kind === "ctx") {
      rows.push({ left: l, right: l });
      i++;
      continue;
    }
    const dels: DiffLine[] = [];
    const adds: DiffLine[] = [];
    for (let d = lines[i]; d?.kind === "del"; d = lines[++i]) dels.push(d);
    for (let d = lines[i]; d?.kind === "add"; d = lines[++i]) adds.push(d);
    for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
      rows.push({ left: dels[k] ?? null, right: adds[k] ?? null });
    }
  }
  return rows;
}

const byExtension: Record<string, string> = {
  go: "go", ts: "typescript", tsx: "typescript", js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript",
  py: "python", rs: "rust", css: "css", json: "json", sh: "bash", bash: "bash", sql: "sql", yml: "yaml", yaml: "yaml",
  html: "xml", xml: "xml", svg: "xml",
};

/** languageOf picks the highlighter's language from a file name ("" for none known). */
export function languageOf(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return name.includes(".") ? (byExtension[ext] ?? "") : "";
}
