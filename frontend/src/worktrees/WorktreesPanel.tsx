import { useCallback, useEffect, useState } from "react";
import type { WorktreeInfo, WorktreesBackend } from "../bridge/worktrees";
import { humanBytes, where } from "./selection";
import "./worktrees.css";

interface Props {
  backend: WorktreesBackend;
  /** the open folder; the list is of its worktrees */
  workspace: string | null;
  /** the worktree the chat works in, so the list follows the chat's moves */
  current: WorktreeInfo | null;
  onReview: (w: WorktreeInfo) => void;
  /** bumped by the caller after a worktree was removed, to list afresh */
  refresh?: number;
}

/**
 * WorktreesPanel lists the open folder's worktrees with the disk each
 * takes, so none is forgotten: each opens its Changes view; nothing is
 * shown while there are none.
 */
export function WorktreesPanel({ backend, workspace, current, onReview, refresh = 0 }: Props) {
  const [list, setList] = useState<WorktreeInfo[]>([]);
  const load = useCallback(() => {
    if (workspace === null) return;
    backend.list().then(setList, () => setList([]));
  }, [backend, workspace]);
  useEffect(load, [load, current?.id, refresh]);

  if (workspace === null || list.length === 0) return null;
  return (
    <section className="worktrees" aria-label="Worktrees">
      <h2 className="worktrees-title">
        Worktrees{" "}
        <button type="button" className="link" onClick={load} aria-label="Refresh the worktrees">
          ↻
        </button>
      </h2>
      <ul>
        {list.map((w) => (
          <li key={w.id} className={w.id === current?.id ? "worktree current" : "worktree"}>
            <span className="worktree-name" title={w.path}>
              {where(w)}
            </span>{" "}
            <span className="muted worktree-size">{humanBytes(w.sizeBytes)}</span>
            <button type="button" className="link" onClick={() => onReview(w)} aria-label={`Review the changes of ${where(w)}`}>
              Changes
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** WorktreeBadge says in the chat's header where the agent works, the path in its tooltip. */
export function WorktreeBadge({ tree, onReview }: { tree: WorktreeInfo | null; onReview: (w: WorktreeInfo) => void }) {
  if (tree === null) return null;
  return (
    <span className="chat-worktree">
      <span className="worktree-pill" title={tree.path}>
        Working in worktree {where(tree)}
      </span>
      <button type="button" className="link" onClick={() => onReview(tree)}>
        Review changes
      </button>
    </span>
  );
}

/** useCurrentWorktree is the worktree the chat works in, kept live from the backend. */
export function useCurrentWorktree(backend: WorktreesBackend, workspace: string | null): [WorktreeInfo | null, (w: WorktreeInfo | null) => void] {
  const [cur, setCur] = useState<WorktreeInfo | null>(null);
  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    let heard = false; // an event can overtake the first answer; the event is newer
    const off = backend.onCurrent((w) => {
      heard = true;
      setCur(w);
    });
    backend.current().then(
      (w) => live && !heard && setCur(w),
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [backend, workspace]);
  return [workspace === null ? null : cur, setCur];
}
