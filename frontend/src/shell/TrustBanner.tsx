import { useEffect, useState } from "react";
import type { TrustBackend, TrustItem, WorkspaceTrust } from "../bridge/trust";

/**
 * What the open folder brings that would run code or widen permissions,
 * kept off until the person reviews it and trusts it (all at once, or one
 * changed file at a time). Nothing shows for a folder that brings nothing.
 */
export function TrustBanner({ trust, workspace }: { trust: TrustBackend; workspace: string | null }) {
  // The list is kept with the folder it came from, so a switch of folder
  // never shows the previous one's.
  const [got, setGot] = useState<{ ws: string; v: WorkspaceTrust } | null>(null);
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    trust
      .workspaceTrust()
      .then((v) => live && setGot({ ws: workspace, v }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [trust, workspace]);
  const view = got && got.ws === workspace ? got.v : null;
  if (!view || view.pending === 0 || hidden || workspace === null) return null;
  const setView = (v: WorkspaceTrust) => setGot({ ws: workspace, v });
  const pending = view.items.filter((i) => !i.trusted);
  const approve = (items: TrustItem[]) => {
    setError(null);
    trust
      .trustWorkspace(items.map((i) => ({ path: i.path, digest: i.digest })))
      .then((v) => {
        setView(v);
        setOpen(false);
      })
      .catch((e: unknown) => {
        setError(e instanceof Error ? e.message : String(e));
        // Show what the folder holds now: a file may have changed.
        trust.workspaceTrust().then(setView, () => undefined);
      });
  };
  return (
    <div role="region" aria-label="Workspace trust" className="banner warning trust-banner">
      <p>
        This folder brings: {pending.map((i) => i.path).join(", ")}. {pending.length === 1 ? "It stays" : "They stay"} off
        until you trust {pending.length === 1 ? "it" : "them"}.
      </p>
      {open ? (
        <>
          <ul aria-label="What this folder brings">
            {pending.map((i) => (
              <li key={i.path}>
                <code>{i.path}</code>
                {i.changed && <strong> changed since you trusted it</strong>}: {i.summary}
                {i.changed && (
                  <button type="button" aria-label={`Approve the change to ${i.path}`} onClick={() => approve([i])}>
                    Approve this change
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => approve(pending)}>
            Trust {pending.length === 1 ? "it" : `all ${pending.length}`}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Review and trust
          </button>
          <button type="button" onClick={() => setHidden(true)}>
            Not now
          </button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
