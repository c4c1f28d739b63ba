import * as Dialog from "@radix-ui/react-dialog";
import type { TrustItem } from "../bridge/trust";
import { DiffView } from "../chat/components/DiffView";

interface Props {
  items: TrustItem[];
  /** what brings them: "folder", or "worktree" for a conversation working in one */
  place: "folder" | "worktree";
  error: string | null;
  onTrust: (items: TrustItem[]) => void;
  onClose: () => void;
}

/**
 * The review of what a folder brings: each item with what it runs, the
 * files and variables it uses, plain warnings, and for a changed item the
 * diff against what was trusted; one Trust per item and Trust all.
 */
export function TrustReview({ items, place, error, onTrust, onClose }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="settings-backdrop" />
        <Dialog.Content className="trust-review" aria-describedby={undefined}>
          <header className="trust-review-header">
            <Dialog.Title>What this {place} brings</Dialog.Title>
            <Dialog.Close className="icon" aria-label="Close the review" title="Close (Esc)">
              ×
            </Dialog.Close>
          </header>
          <p className="muted">
            Nothing here runs until you trust it. Trust follows content: if an item or a file it runs changes, it
            stops until you review it again.
          </p>
          <ul aria-label={`What this ${place} brings`} className="trust-items">
            {items.map((i) => (
              <TrustEntry key={i.path} item={i} onTrust={() => onTrust([i])} />
            ))}
          </ul>
          {error && <p role="alert">{error}</p>}
          <footer className="trust-review-footer">
            <button type="button" className="primary" onClick={() => onTrust(items)}>
              Trust {items.length === 1 ? "it" : `all ${items.length}`}
            </button>
            <Dialog.Close>Cancel</Dialog.Close>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TrustEntry({ item, onTrust }: { item: TrustItem; onTrust: () => void }) {
  return (
    <li aria-label={item.path}>
      <h3>
        <code>{item.path}</code>
        {item.changed && <strong className="trust-changed"> changed since you trusted it</strong>}
      </h3>
      <p>{item.summary}</p>
      {item.warnings.length > 0 && (
        <ul aria-label={`Warnings for ${item.path}`} className="trust-warnings">
          {item.warnings.map((w) => (
            <li key={w}>Warning: {w}</li>
          ))}
        </ul>
      )}
      {item.files.length > 0 && (
        <p className="muted">
          Runs {item.files.map((f) => (f.state === "file" ? f.path : `${f.path} (${f.state})`)).join(", ")}
        </p>
      )}
      {item.vars.length > 0 && <p className="muted">Reads the variables {item.vars.join(", ")}</p>}
      {item.changes.map((c) =>
        c.diff ? (
          <DiffView key={c.path} diff={c.diff} label={`What changed in ${c.path}`} />
        ) : (
          <p key={c.path}>
            <code>{c.path}</code>: {c.note}
          </p>
        ),
      )}
      <button type="button" aria-label={item.changed ? `Trust the change to ${item.path}` : `Trust ${item.path}`} onClick={onTrust}>
        {item.changed ? "Trust the change" : "Trust"}
      </button>
    </li>
  );
}
