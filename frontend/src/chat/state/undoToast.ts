// The words of the toast after Undo turn or Redo: what came back.
import type { UndoReport } from "../../bridge/protocol";

function names(paths: string[]): string {
  const base = paths.map((p) => p.split(/[\\/]/).pop() ?? p);
  if (base.length <= 3) return base.join(", ");
  return `${base.slice(0, 3).join(", ")} and ${base.length - 3} more`;
}

/** undoToast names what an undo (or redo) restored and removed. */
export function undoToast(r: UndoReport, redo: boolean): string {
  const parts: string[] = [];
  if (r.restored.length > 0) parts.push(`restored ${names(r.restored)}`);
  if (r.deleted.length > 0) parts.push(`removed ${names(r.deleted)}`);
  const what = parts.length > 0 ? parts.join("; ") : "nothing left to change";
  return `${redo ? "Redone" : "Undone"}: ${what}.`;
}
