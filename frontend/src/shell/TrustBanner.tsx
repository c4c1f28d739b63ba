import { lazy, Suspense, useEffect, useState } from "react";
import type { TrustBackend, TrustItem, WorkspaceTrust } from "../bridge/trust";

// The review (with its diff view) loads when first opened.
const TrustReview = lazy(() => import("./TrustReview").then((m) => ({ default: m.TrustReview })));

/**
 * A strip above the chat naming what the open folder (or the worktree the
 * shown conversation works in) brings that would run code or widen
 * permissions, kept off until the person reviews it; the review is a
 * dialog with one Trust per item. Nothing shows for a folder that brings
 * nothing. Its owner remounts it when the folder or worktree changes.
 */
export function TrustBanner({ trust, workspace }: { trust: TrustBackend; workspace: string | null }) {
  // The list is kept with the folder it came from, so a switch of folder
  // never shows the previous one's.
  const [got, setGot] = useState<{ ws: string; v: WorkspaceTrust } | null>(null);
  const [open, setOpen] = useState(false);
  // "Not now" hides what was pending then; anything else pending shows again.
  const [hidden, setHidden] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    // Only the latest ask's answer is shown: an earlier one may come later.
    let asked = 0;
    const ask = () => {
      const n = ++asked;
      trust
        .workspaceTrust()
        .then((v) => live && n === asked && setGot({ ws: workspace, v }))
        .catch(() => undefined);
    };
    ask();
    const off = trust.onChanged(ask);
    return () => {
      live = false;
      off();
    };
  }, [trust, workspace]);
  const view = got && got.ws === workspace ? got.v : null;
  if (!view || view.pending === 0 || workspace === null) return null;
  const setView = (v: WorkspaceTrust) => setGot({ ws: workspace, v });
  const pending = view.items.filter((i) => !i.trusted);
  const pendingNow = pending.map((i) => `${i.path}\n${i.digest}`).join("\n");
  if (hidden === pendingNow) return null;
  const approve = (items: TrustItem[]) => {
    setError(null);
    trust
      .trustWorkspace(items.map((i) => ({ path: i.path, digest: i.digest })))
      .then((v) => {
        setView(v);
        if (v.pending === 0) setOpen(false);
      })
      .catch((e: unknown) => {
        setError(e instanceof Error ? e.message : String(e));
        // Show what the folder holds now: a file may have changed.
        trust.workspaceTrust().then(setView, () => undefined);
      });
  };
  const allChanged = pending.every((i) => i.changed);
  const inTree = view.worktree !== undefined && view.worktree !== "";
  const names = pending.map((i) => (i.changed && !allChanged ? `${i.path} (changed since you trusted it)` : i.path));
  return (
    <div role="region" aria-label="Workspace trust" className="banner warning trust-banner">
      <p>
        {lead(inTree, allChanged)}
        {names.join(", ")}. {pending.length === 1 ? "It stays" : "They stay"} off until you trust{" "}
        {pending.length === 1 ? "it" : "them"}.
      </p>
      <button type="button" onClick={() => setOpen(true)}>
        Review and trust
      </button>
      <button type="button" onClick={() => setHidden(pendingNow)}>
        Not now
      </button>
      {error && !open && <p role="alert">{error}</p>}
      {open && (
        <Suspense fallback={null}>
          <TrustReview items={pending} place={inTree ? "worktree" : "folder"} error={error} onTrust={approve} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** lead opens the strip's sentence: what brings the items, or that they changed. */
function lead(inTree: boolean, allChanged: boolean): string {
  if (inTree) return allChanged ? "Changed in this worktree since you trusted it in the folder: " : "This worktree brings: ";
  return allChanged ? "Changed since you trusted it: " : "This folder brings: ";
}
