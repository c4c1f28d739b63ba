import { useEffect, useRef, useState } from "react";
import type { SearchHit, ShellBackend, SnippetView } from "../bridge/shell";

interface Props {
  shell: ShellBackend;
  hit: SearchHit;
  onClose: () => void;
}

/** SnippetPreview shows the lines around a search result, the matching line marked. */
export function SnippetPreview({ shell, hit, onClose }: Props) {
  const [view, setView] = useState<SnippetView | null>(null);
  const [error, setError] = useState("");
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    shell
      .readSnippet(hit.path, hit.line)
      .then((v) => live && setView(v))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    close.current?.focus();
    return () => {
      live = false;
    };
  }, [shell, hit]);

  return (
    <div className="settings-backdrop" onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <div className="snippet-preview" role="dialog" aria-modal="true" aria-label={`Preview of ${hit.path}`}>
        <header className="settings-header">
          <h1>
            {hit.path}
            {hit.line > 0 && <span className="muted">:{hit.line}</span>}
          </h1>
          <button ref={close} type="button" aria-label="Close preview" onClick={onClose}>
            ✕
          </button>
        </header>
        {error && <p role="alert" className="notice error">{error}</p>}
        {view && (
          <pre className="snippet-lines" aria-label="File lines">
            {view.lines.map((l) => (
              <div key={l.n} className={l.n === view.focus ? "snippet-line focus" : "snippet-line"}>
                <span className="snippet-n" aria-hidden="true">
                  {l.n}
                </span>
                {l.text}
              </div>
            ))}
          </pre>
        )}
      </div>
    </div>
  );
}
