// What of a worktree's changes the person accepted, by file and hunk, and
// the Selection Apply takes from it.
import type { FileChange, Selection } from "../bridge/worktrees";

/** Accepted is each file's accepted hunk indexes; a file absent or [] is not accepted. */
export type Accepted = Readonly<Record<string, readonly number[]>>;

const all = (f: FileChange): number[] => f.hunks.map((_, i) => i);

/** without is a minus the entry of path. */
const without = (a: Accepted, path: string): Accepted => Object.fromEntries(Object.entries(a).filter(([p]) => p !== path));

/** toggleFile accepts every hunk of f, or none when all were. */
export function toggleFile(a: Accepted, f: FileChange): Accepted {
  return fileState(a, f) === "all" ? without(a, f.path) : { ...a, [f.path]: all(f) };
}

/** toggleHunk accepts or leaves hunk i of f. */
export function toggleHunk(a: Accepted, f: FileChange, i: number): Accepted {
  const had = a[f.path] ?? [];
  const now = had.includes(i) ? had.filter((x) => x !== i) : [...had, i].sort((x, y) => x - y);
  return now.length === 0 ? without(a, f.path) : { ...a, [f.path]: now };
}

export function acceptAll(files: readonly FileChange[]): Accepted {
  return Object.fromEntries(files.map((f) => [f.path, all(f)]));
}

/** fileState says whether all, some or none of f's hunks are accepted. */
export function fileState(a: Accepted, f: FileChange): "all" | "some" | "none" {
  const n = (a[f.path] ?? []).filter((i) => i < f.hunks.length).length;
  if (n === 0) return "none";
  return n === f.hunks.length ? "all" : "some";
}

/** toSelection is what Apply takes: a whole file as [], part of one as its hunks. */
export function toSelection(a: Accepted, files: readonly FileChange[]): Selection {
  const out: Selection = {};
  for (const f of files) {
    const s = fileState(a, f);
    if (s === "all") out[f.path] = [];
    else if (s === "some") out[f.path] = [...(a[f.path] ?? [])];
  }
  return out;
}

/** humanBytes is a size as people read it: "812 B", "4.2 MB". */
export function humanBytes(n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** where names where a worktree's agent works: its branch, or "snapshot". */
export function where(w: { branch: string }): string {
  return w.branch === "" ? "snapshot" : w.branch;
}
