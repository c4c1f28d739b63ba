import { useEffect, useRef, useState } from "react";
import { localShortcuts, matchShortcut, shortcuts } from "./shortcuts";

const areas = [...new Set(localShortcuts.map((s) => s.area))];

/** HelpOverlay lists every shortcut; ? or Ctrl/⌘+/ toggles it, Esc closes. */
export function HelpOverlay() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (matchShortcut(e) !== "help") return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return open ? <HelpDialog onClose={() => setOpen(false)} /> : null;
}

function HelpDialog({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => before?.focus();
  }, []);

  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        className="help-overlay"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            onClose();
          } else if (e.key === "Tab") {
            // Close is the dialog's only stop: focus stays in the dialog.
            e.preventDefault();
          }
        }}
      >
        <header>
          <h2 id="help-title">Keyboard shortcuts</h2>
          <button ref={close} type="button" onClick={onClose}>
            Close
          </button>
        </header>
        <Table caption="Anywhere" rows={shortcuts.map((s) => [s.keys, s.label])} />
        {areas.map((a) => (
          <Table key={a} caption={a} rows={localShortcuts.filter((s) => s.area === a).map((s) => [s.keys, s.label])} />
        ))}
      </div>
    </div>
  );
}

function Table({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return (
    <table className="shortcut-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([keys, label]) => (
          <tr key={keys + label}>
            <th scope="row">
              <kbd>{keys}</kbd>
            </th>
            <td>{label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
