import { createContext, useContext, useEffect, useRef, useState } from "react";
import { humanSize, type AttachmentRef, type Draft } from "../state/attachments";
import "./attachments.css";

/** Loads a stored attachment's data: URL by its digest (the open conversation's). */
export type LoadAttachment = (sha256: string) => Promise<string>;

/** StoredAttachments gives the transcript a way to show attachments saved with the conversation. */
export const StoredAttachments = createContext<LoadAttachment | null>(null);

/** The data: URL of an attachment: its own, or the stored one once loaded ("" while loading, null when gone). */
function useDataUrl(a: AttachmentRef): string | null {
  const load = useContext(StoredAttachments);
  const [loaded, setLoaded] = useState<{ sha: string; url: string | null } | null>(null);
  const sha = a.dataUrl ? "" : (a.sha256 ?? "");
  useEffect(() => {
    if (!sha || !load) return;
    let live = true;
    load(sha).then(
      (url) => live && setLoaded({ sha, url }),
      () => live && setLoaded({ sha, url: null }),
    );
    return () => {
      live = false;
    };
  }, [sha, load]);
  if (a.dataUrl) return a.dataUrl;
  if (!sha || !load) return null;
  return loaded?.sha === sha ? loaded.url : "";
}

const isImage = (a: AttachmentRef) => a.mediaType.startsWith("image/");

function Thumb({ a, url }: { a: AttachmentRef; url: string | null }) {
  // Hidden from the button's name, which is its file name and size.
  if (url === null) return <span className="attachment-thumb attachment-gone" aria-hidden="true">no longer stored</span>;
  if (isImage(a) && url !== "") return <img className="attachment-thumb" src={url} alt="" />;
  return <span className="attachment-thumb attachment-doc" aria-hidden="true">{isImage(a) ? "…" : "PDF"}</span>;
}

/** AttachmentPreview shows one attachment large, in a dialog Esc closes. */
export function AttachmentPreview({ a, onClose }: { a: AttachmentRef; onClose: () => void }) {
  const url = useDataUrl(a);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`Preview of ${a.name}`}
        className="help-overlay attachment-preview"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <header>
          <h2>{a.name}</h2>
          <span className="muted">
            {isImage(a) ? a.mediaType.replace("image/", "").toUpperCase() + " image" : "PDF"}, {humanSize(a.size)}
          </span>
          <button type="button" ref={close} onClick={onClose}>
            Close
          </button>
        </header>
        {isImage(a) && url ? (
          <img className="attachment-large" src={url} alt={a.name} />
        ) : (
          <p className="muted">{url === null ? "This file is no longer stored." : isImage(a) ? "Loading…" : "The model receives this PDF with the message (or its text, where the provider takes no documents)."}</p>
        )}
      </div>
    </div>
  );
}

function Chip({ a, onOpen, onRemove }: { a: AttachmentRef; onOpen: () => void; onRemove?: () => void }) {
  const url = useDataUrl(a);
  return (
    <li className="attachment-chip">
      {/* Named from its visible text (no aria-label), so speech users can say what they see. */}
      <button type="button" className="attachment-open" onClick={onOpen}>
        <Thumb a={a} url={url} />
        <span className="sr-only">Preview </span>
        <span className="attachment-name">{a.name}</span>{" "}
        <span className="attachment-size muted">{humanSize(a.size)}</span>
      </button>
      {onRemove && (
        <button type="button" className="icon attachment-remove" aria-label={`Remove ${a.name}`} onClick={onRemove}>
          ×
        </button>
      )}
    </li>
  );
}

/** AttachmentTray: the composer's drafted attachments, removable, each opening a preview. */
export function AttachmentTray({ drafts, onRemove }: { drafts: Draft[]; onRemove: (id: string) => void }) {
  const [open, setOpen] = useState<Draft | null>(null);
  if (drafts.length === 0) return null;
  return (
    <>
      <ul className="attachment-tray" aria-label="Attachments">
        {drafts.map((d) => (
          <Chip key={d.id} a={d} onOpen={() => setOpen(d)} onRemove={() => onRemove(d.id)} />
        ))}
      </ul>
      {open && <AttachmentPreview a={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** MessageAttachments: what was attached to a sent message, in the transcript. */
export function MessageAttachments({ items }: { items: AttachmentRef[] }) {
  const [open, setOpen] = useState<AttachmentRef | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <ul className="attachment-tray message-attachments" aria-label="Attached to this message">
        {items.map((a, i) => (
          <Chip key={`${a.sha256 ?? ""}${i}`} a={a} onOpen={() => setOpen(a)} />
        ))}
      </ul>
      {open && <AttachmentPreview a={open} onClose={() => setOpen(null)} />}
    </>
  );
}
