import type { ReactNode } from "react";
import type { WorkspaceView } from "../../bridge/protocol";

interface Props {
  loading: boolean;
  error: string;
  onChoose: () => void;
  recent?: WorkspaceView[];
  onOpen?: (path: string) => void;
  /** shown before the folder button: the first-run setup */
  children?: ReactNode;
}

/** EmptyState invites the user to open a folder, by button or by dropping it on the window. */
export function EmptyState({ loading, error, onChoose, recent = [], onOpen, children }: Props) {
  return (
    <div className="empty-state chat-start">
      <h1>Hearth</h1>
      <p>Your local project agent. Open a folder to start a conversation about it.</p>
      {children}
      <button type="button" className="primary" onClick={onChoose} disabled={loading}>
        Open a folder
      </button>
      <p className="muted drop-hint">…or drop a folder anywhere on this window.</p>
      {recent.length > 0 && onOpen && (
        <nav className="recent" aria-label="Recent folders">
          <h2>Recent</h2>
          <ul>
            {recent.map((w) => (
              <li key={w.path}>
                <button type="button" className="link" title={w.path} onClick={() => onOpen(w.path)}>
                  {w.name}
                </button>{" "}
                <span className="muted">{w.path}</span>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
